#include "llmsizer/text/error.h"

namespace llmsizer {

namespace {
std::string compose(const std::string& file, const std::string& field, const std::string& message)
{
    // what() is read as a C string: a NUL byte (from a file name or a quoted value) would end the
    // message there, so it is written as \x00. (Appended a run of bytes at a time: one throw per
    // refused input, so the fuzz targets build one of these per execution.)
    std::string text;
    text.reserve(file.size() + field.size() + message.size() + 4);
    const auto append = [&text](const std::string& part) {
        std::size_t from = 0;
        for (std::size_t nul = part.find('\0'); nul != std::string::npos;
             nul = part.find('\0', from)) {
            text.append(part, from, nul - from);
            text += "\\x00";
            from = nul + 1;
        }
        text.append(part, from, std::string::npos);
    };
    if (!file.empty()) {
        append(file);
        text += ": ";
    }
    if (!field.empty()) {
        append(field);
        text += ": ";
    }
    append(message);
    return text;
}
} // namespace

InputError::InputError(std::string file, std::string field, std::string message)
    : std::runtime_error(compose(file, field, message)), m_file(std::move(file)),
      m_field(std::move(field)), m_message(std::move(message))
{
}

} // namespace llmsizer
