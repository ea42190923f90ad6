// The comparison table's exports: CSV (RFC 4180, exact values), Markdown (the values as shown) and
// JSON (both), from the rows buildComparisonTable made (table.cpp).
#include "llmsizer/present/table.h"

#include <nlohmann/json.hpp>

namespace llmsizer {

using nlohmann::json;

namespace {

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\r\n") == std::string::npos) {
        return s;
    }
    std::string out = "\"";
    for (char ch : s) {
        if (ch == '"') {
            out += '"';
        }
        out += ch;
    }
    return out + '"';
}

std::string markdownField(const std::string& s)
{
    std::string out;
    for (char ch : s) {
        if (ch == '|') {
            out += "\\|";
        } else if (ch == '\n' || ch == '\r') {
            out += ' ';
        } else {
            out += ch;
        }
    }
    return out;
}

} // namespace

std::string tableToCsv(const ComparisonTable& table)
{
    std::string out = "key,label,unit,differs";
    for (const std::string& name : table.names) {
        out += "," + csvField(name);
    }
    out += "\r\n";
    for (const TableRow& row : table.rows) {
        out += csvField(row.key) + "," + csvField(row.label) + "," + csvField(row.unit) + "," +
               (row.differs ? "true" : "false");
        for (const TableCell& cell : row.cells) {
            out += "," + csvField(cell.exact());
        }
        out += "\r\n";
    }
    if (!table.caption.empty()) {
        out += "export.caption," + csvField(table.caption) + ",,false";
        for (std::size_t k = 0; k < table.names.size(); ++k) {
            out += ",";
        }
        out += "\r\n";
    }
    return out;
}

std::string tableToMarkdown(const ComparisonTable& table)
{
    std::string out = "|";
    std::string rule = "|---|";
    for (const std::string& name : table.names) {
        out += " " + markdownField(name) + " |";
        rule += "---:|";
    }
    out = "| |" + out.substr(1) + "\n" + rule + "\n";
    for (const TableRow& row : table.rows) {
        const std::string label = markdownField(row.label);
        out += "| " + (row.differs ? "**" + label + "**" : label) + " |";
        for (const TableCell& cell : row.cells) {
            out += " " + markdownField(cell.text) + " |";
        }
        out += "\n";
    }
    if (!table.caption.empty()) {
        out = "_" + markdownField(table.caption) + "_\n\n" + out;
    }
    return out;
}

json tableToJson(const ComparisonTable& table)
{
    json rows = json::array();
    for (const TableRow& row : table.rows) {
        json cells = json::array();
        for (const TableCell& cell : row.cells) {
            json v = cell.integral ? json(cell.integer) : json(cell.real);
            cells.push_back(
                {{"value", std::move(v)}, {"exact", cell.exact()}, {"text", cell.text}});
        }
        rows.push_back({{"key", row.key},
                        {"label", row.label},
                        {"unit", row.unit},
                        {"differs", row.differs},
                        {"cells", std::move(cells)}});
    }
    json out = {
        {"names", table.names},
        {"context", table.options.context == 0 ? json(nullptr) : json(table.options.context)},
        {"units", table.options.units == ByteUnits::Decimal ? "GB" : "GiB"},
        {"kv_precision", table.options.kv_precision},
        {"rows", std::move(rows)}};
    if (!table.caption.empty()) {
        out["caption"] = table.caption;
    }
    return out;
}

} // namespace llmsizer
