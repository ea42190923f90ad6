#include "llmsizer/error.h"

namespace llmsizer {

namespace {
std::string compose(const std::string& file, const std::string& field, const std::string& message)
{
    std::string out;
    if (!file.empty()) {
        out += file + ": ";
    }
    if (!field.empty()) {
        out += field + ": ";
    }
    out += message;
    // what() is read as a C string: a NUL byte (from a file name or a quoted value) would end the
    // message there, so it is written as \x00.
    std::string text;
    for (const char c : out) {
        text += c == '\0' ? std::string("\\x00") : std::string(1, c);
    }
    return text;
}
} // namespace

InputError::InputError(std::string file, std::string field, std::string message)
    : std::runtime_error(compose(file, field, message)), m_file(std::move(file)),
      m_field(std::move(field)), m_message(std::move(message))
{
}

} // namespace llmsizer
