#pragma once

#include "llmsizer/catalog/gpu_choices.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/present/hardware_view.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace llmsizer::ui {

class ConfigModel;

// The machine the My hardware view answers for. Defaults: one RTX 4090 with 64 GB of RAM for
// offloaded layers, llama.cpp on its automatic backend, an 8,192-token context.
struct HardwareChoice {
    QString gpu = QString::fromLatin1(kDefaultGpuId);
    std::uint64_t gpus = 1;
    std::uint64_t ram_bytes = 64'000'000'000; // GB = 10^9 bytes
    double ram_bandwidth_gb_s = Hardware{}.ram_bandwidth_gb_s;
    // What the system keeps of a unified pool (Apple, DGX Spark, Strix Halo), in bytes.
    std::uint64_t os_reserve_bytes = Hardware{}.unified_os_reserve_bytes;
    QString runtime = QStringLiteral("llama.cpp");
    // llama.cpp's backend under llama.cpp and Ollama ("auto", "rocm", "vulkan"): a Radeon's
    // decode efficiency is the backend's.
    QString backend = QStringLiteral("auto");
    std::uint64_t context = 8192;
    // Under Ollama: its own default context for the machine (its VRAM tier, at most each model's
    // own, falling to 32k and 4k; runs.h ollamaDefaultContext), not the field's.
    bool ollama_default_context = true;
    std::uint64_t batch = 1;
    // 0: the runtime's calibrated efficiency (runs.h); else the user's (0 < e <= 1).
    double decode_efficiency = 0;
    double prefill_efficiency = 0; // up to kMaxPrefillEfficiency
    // vLLM's own settings: its share of each GPU (0: its 0.9), the sequences its sampler
    // profile holds (0: its default for the device) and FlashInfer's sampler in place of the
    // sort (runtime.h VllmSettings).
    double vllm_utilization = 0;
    std::uint64_t vllm_max_seqs = 0;
    bool vllm_flashinfer = false;
    // SGLang's mem_fraction_static (0: its default from the GPU's memory: runtime.h
    // sglangMemory).
    double sglang_fraction = 0;
    // The machine came from detection (My models' "Use this machine", or the first start): it
    // follows the machine at the next start, until the user sets it by hand.
    bool detected = false;
    bool operator==(const HardwareChoice&) const = default;

    // "gpu=rtx-4090-24gb", "gpus=1", … for the settings file, and back (unknown keys and bad
    // values keep the defaults).
    QStringList toStrings() const;
    static HardwareChoice fromStrings(const QStringList& items);
};

// The My hardware view's state: the machine, and every preset (plus the model being looked at)
// × every precision the runtime offers on it (preset_runs.h). The rows are computed on a worker
// thread, only while the view is shown (setActive), so the app stays responsive and a hidden
// view costs nothing; rowsChanged() arrives on this object's thread.
class HardwareModel : public QObject {
    Q_OBJECT
public:
    HardwareModel(ConfigModel* model, QObject* parent = nullptr);
    ~HardwareModel() override;

    const HardwareChoice& choice() const { return m_choice; }
    void setChoice(const HardwareChoice& choice);
    // The query the rows answer; an unknown GPU or runtime falls back to the defaults.
    RunQuery query() const;
    RuntimeProfile runtime() const;

    // Shown: compute now if anything changed while hidden.
    void setActive(bool active);
    bool busy() const { return m_busy; }
    // Computes synchronously (tests, the screenshot mode).
    void computeNow();

    const std::vector<HardwareRow>& rows() const { return m_rows; }
    ByteUnits units() const;
    std::vector<std::string> families() const;
    std::vector<int> years() const;

signals:
    void choiceChanged();
    void rowsChanged();
    void busyChanged(bool busy);

private:
    void invalidate();
    void start();
    void updateCurrent();
    void joinRows();

    ConfigModel* m_model;
    HardwareChoice m_choice;
    std::vector<HardwareRow> m_rows; // the current model's, then the presets'
    std::vector<HardwareRow> m_currentRows;
    std::vector<HardwareRow> m_presetRows;
    bool m_active = false;
    bool m_stale = true;
    bool m_currentStale = true;
    bool m_busy = false;
    // Incremented for every computation asked for; a worker's result is used only if it is
    // still the newest.
    std::shared_ptr<std::atomic<int>> m_generation;
};

} // namespace llmsizer::ui
