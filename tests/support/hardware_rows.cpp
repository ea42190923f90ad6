#include "support/hardware_rows.h"

namespace llmsizer::test {

ui::HardwareChoice rtx4090Choice()
{
    ui::HardwareChoice c;
    c.gpu = QStringLiteral("rtx-4090-24gb");
    c.gpus = 1;
    c.ram_bytes = 64'000'000'000;
    c.runtime = QStringLiteral("llama.cpp");
    c.context = 8192;
    return c;
}

const HardwareRow* hardwareRow(const ui::HardwareModel& model, const char* preset,
                               const char* precision)
{
    for (const HardwareRow& r : model.rows()) {
        if (r.model_id == preset && r.precision_id == precision) {
            return &r;
        }
    }
    return nullptr;
}

QString hardwareCell(const HardwareRow& row, HardwareColumn column)
{
    return QString::fromStdString(row.cells.at(static_cast<std::size_t>(column)).text);
}

} // namespace llmsizer::test
