#pragma once

#include <stdexcept>
#include <string>

namespace llmsizer {

// A bad input file or value: what() is "FILE: FIELD: what is wrong" (the form the CLI prints
// after "error: "). `file` may be empty for values that did not come from a file, and `field`
// is a JSON-style path ("architecture.n_heads", "text_config.hidden_size").
class InputError : public std::runtime_error {
public:
    InputError(std::string file, std::string field, std::string message);
    const std::string& file() const { return m_file; }
    const std::string& field() const { return m_field; }
    const std::string& message() const { return m_message; }

private:
    std::string m_file;
    std::string m_field;
    std::string m_message;
};

} // namespace llmsizer
