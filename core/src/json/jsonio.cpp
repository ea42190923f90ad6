#include "llmsizer/json/jsonio.h"

#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <system_error>

namespace llmsizer {

using nlohmann::json;

namespace {

std::string describeType(const json& v)
{
    if (v.is_null()) {
        return "null";
    }
    if (v.is_boolean()) {
        return v.get<bool>() ? "true" : "false";
    }
    if (v.is_number() || v.is_string()) {
        std::string s = v.dump();
        if (s.size() > 40) {
            s = s.substr(0, 37) + "...";
        }
        return s;
    }
    return v.is_array() ? "an array" : "an object";
}

const json* find(const json& obj, const std::string& key)
{
    if (!obj.is_object()) {
        return nullptr;
    }
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) {
        return nullptr;
    }
    return &*it;
}

} // namespace

std::string joinPath(const std::string& prefix, const std::string& key)
{
    return prefix.empty() ? key : prefix + "." + key;
}

std::filesystem::file_status statusOrThrow(const std::filesystem::path& file,
                                           const std::string& missing)
{
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory) {
        // A symlink loop, a name too long, a directory that cannot be searched: the system's
        // reason, not "no such file".
        throw InputError(file.string(), "", "cannot be opened (" + ec.message() + ")");
    }
    if (ec || !std::filesystem::exists(status)) {
        throw InputError(file.string(), "", missing);
    }
    return status;
}

json readJsonFile(const std::filesystem::path& file, const JsonLimits& limits)
{
    return parseJsonText(readTextFile(file, limits), file.string(), limits);
}

std::string readTextFile(const std::filesystem::path& file, const JsonLimits& limits)
{
    const std::string label = file.string();
    const auto status = statusOrThrow(file, "no such file");
    std::error_code ec;
    if (std::filesystem::is_directory(status)) {
        throw InputError(label, "", "is a directory, not a file");
    }
    if (!std::filesystem::is_regular_file(status)) {
        // A FIFO or a device could block or never end; only regular files are read.
        throw InputError(label, "", "is not a regular file");
    }
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) {
        throw InputError(label, "", "cannot read the file size (" + ec.message() + ")");
    }
    if (size > limits.maxBytes) {
        throw InputError(label, "",
                         "file is too large (" + withThousands(size) + " bytes; the limit is " +
                             withThousands(limits.maxBytes) + " bytes)");
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        throw InputError(label, "", "cannot be opened for reading");
    }
    // Read into a string of the file's size: a stream buffer that fails to grow (out of memory)
    // would end the text early, and the rest would be reported as a JSON syntax error.
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (in.bad()) {
        throw InputError(label, "", "read error");
    }
    if (static_cast<std::uintmax_t>(in.gcount()) != size) {
        throw InputError(label, "", "became shorter while it was read");
    }
    return text;
}

void requireObject(const json& j, const std::string& file, const std::string& path)
{
    if (!j.is_object()) {
        throw InputError(file, path, "must be a JSON object (got " + describeType(j) + ")");
    }
}

std::optional<std::uint64_t> getOptUInt(const json& obj, const std::string& key,
                                        const std::string& file, const std::string& prefix)
{
    const json* v = find(obj, key);
    if (v == nullptr) {
        return std::nullopt;
    }
    if (v->is_number_unsigned()) {
        return v->get<std::uint64_t>();
    }
    if (v->is_number_integer() && v->get<std::int64_t>() == 0) {
        return 0; // -0 is 0
    }
    if (v->is_number_float()) {
        // Some exporters write integral sizes as 4096.0; accept exact integers only.
        const double d = v->get<double>();
        if (std::isfinite(d) && d >= 0 && d <= 9.0e15 && std::floor(d) == d) {
            return static_cast<std::uint64_t>(d);
        }
        // 18446744073709551616 arrives as a double: an integer, but beyond 64 bits.
        if (std::isfinite(d) && d >= 18446744073709551616.0) {
            throw InputError(file, joinPath(prefix, key),
                             "must be a non-negative integer below 2^64 (got " + describeType(*v) +
                                 ")");
        }
    }
    throw InputError(file, joinPath(prefix, key),
                     "must be a non-negative integer (got " + describeType(*v) + ")");
}

std::uint64_t getUInt(const json& obj, const std::string& key, const std::string& file,
                      const std::string& prefix)
{
    if (auto v = getOptUInt(obj, key, file, prefix)) {
        return *v;
    }
    throw InputError(file, joinPath(prefix, key), "is required");
}

std::optional<double> getOptNumber(const json& obj, const std::string& key, const std::string& file,
                                   const std::string& prefix)
{
    const json* v = find(obj, key);
    if (v == nullptr) {
        return std::nullopt;
    }
    if (!v->is_number()) {
        throw InputError(file, joinPath(prefix, key),
                         "must be a number (got " + describeType(*v) + ")");
    }
    return v->get<double>();
}

double getNumber(const json& obj, const std::string& key, const std::string& file,
                 const std::string& prefix)
{
    if (auto v = getOptNumber(obj, key, file, prefix)) {
        return *v;
    }
    throw InputError(file, joinPath(prefix, key), "is required");
}

std::optional<bool> getOptBool(const json& obj, const std::string& key, const std::string& file,
                               const std::string& prefix)
{
    const json* v = find(obj, key);
    if (v == nullptr) {
        return std::nullopt;
    }
    if (!v->is_boolean()) {
        throw InputError(file, joinPath(prefix, key),
                         "must be true or false (got " + describeType(*v) + ")");
    }
    return v->get<bool>();
}

bool getBool(const json& obj, const std::string& key, const std::string& file,
             const std::string& prefix)
{
    if (auto v = getOptBool(obj, key, file, prefix)) {
        return *v;
    }
    throw InputError(file, joinPath(prefix, key), "is required");
}

std::optional<std::string> getOptString(const json& obj, const std::string& key,
                                        const std::string& file, const std::string& prefix)
{
    const json* v = find(obj, key);
    if (v == nullptr) {
        return std::nullopt;
    }
    if (!v->is_string()) {
        throw InputError(file, joinPath(prefix, key),
                         "must be a string (got " + describeType(*v) + ")");
    }
    return v->get<std::string>();
}

std::string getString(const json& obj, const std::string& key, const std::string& file,
                      const std::string& prefix)
{
    if (auto v = getOptString(obj, key, file, prefix)) {
        return *v;
    }
    throw InputError(file, joinPath(prefix, key), "is required");
}

} // namespace llmsizer
