// The JSON of a safetensors header, read as a stream of events.
#include "formats/safetensors_internal.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <nlohmann/json.hpp>
#include <unordered_set>

namespace llmsizer::detail {

namespace {

using u64 = std::uint64_t;

// A streaming (SAX) reader of the header JSON: no document tree is built, duplicate keys are
// caught at every level (a tree keeps only the last), and every count is bounded as it is read.
class HeaderSax {
public:
    HeaderSax(const SafetensorsLimits& limits, SafetensorsHeader& out)
        : m_limits(limits), m_out(out)
    {
    }

    bool null()
    {
        // "__metadata__": null is an absent map to the reference reader (serde's
        // Option<HashMap>); MLX's adapter writer and ollama's test data write it.
        if (m_state == State::Root && m_key == "__metadata__") {
            return true;
        }
        return scalar("null");
    }
    bool boolean(bool) { return scalar("a boolean"); }
    bool number_integer(std::int64_t) { return scalar("a negative number"); }
    bool number_unsigned(u64 v)
    {
        if (m_state == State::Shape) {
            if (m_tensor.shape.size() >= m_limits.maxDims) {
                return fail(tensorField(m_tensor.name), "shape has more than " +
                                                            std::to_string(m_limits.maxDims) +
                                                            " dimensions");
            }
            m_tensor.shape.push_back(v);
            return true;
        }
        if (m_state == State::Offsets) {
            if (m_offsets >= 2) {
                return fail(tensorField(m_tensor.name),
                            "data_offsets must be two integers [begin, end]");
            }
            (m_offsets == 0 ? m_tensor.begin : m_tensor.end) = v;
            ++m_offsets;
            return true;
        }
        return scalar("a number");
    }
    bool number_float(double, const std::string& raw)
    {
        // An integer beyond 64 bits (18446744073709551616) arrives here too.
        const bool integral = raw.find_first_of(".eE") == std::string::npos;
        return scalar(integral ? "an integer beyond 64 bits" : "a fractional number");
    }
    bool string(std::string& s)
    {
        if (m_state == State::Metadata) {
            m_out.metadata.emplace_back(std::move(m_key), std::move(s));
            return true;
        }
        if (m_state == State::Tensor && m_field == "dtype") {
            m_tensor.dtype = std::move(s);
            return true;
        }
        return scalar("a string");
    }
    bool binary(nlohmann::json::binary_t&) { return scalar("binary data"); }

    bool start_object(std::size_t)
    {
        switch (m_state) {
        case State::Start:
            m_state = State::Root;
            return true;
        case State::Root:
            if (m_key == "__metadata__") {
                m_state = State::Metadata;
                m_keys.clear();
                return true;
            }
            m_state = State::Tensor;
            m_tensor = SafetensorsTensor{};
            m_tensor.name = std::move(m_key);
            m_fields.clear();
            return true;
        case State::Tensor:
            return enterTensorValue(false);
        case State::Skip:
            ++m_skipDepth;
            return true;
        default:
            return scalar("an object");
        }
    }
    bool start_array(std::size_t)
    {
        switch (m_state) {
        case State::Tensor:
            return enterTensorValue(true);
        case State::Skip:
            ++m_skipDepth;
            return true;
        default:
            return scalar("an array");
        }
    }
    bool end_object()
    {
        switch (m_state) {
        case State::Skip:
            return leaveSkip();
        case State::Metadata:
            m_state = State::Root;
            return true;
        case State::Tensor:
            return finishTensor();
        default:
            m_state = State::Done;
            return true;
        }
    }
    bool end_array()
    {
        if (m_state == State::Skip) {
            return leaveSkip();
        }
        if (m_state == State::Offsets && m_offsets != 2) {
            return fail(tensorField(m_tensor.name),
                        "data_offsets must be two integers [begin, end]");
        }
        m_state = State::Tensor;
        return true;
    }
    bool key(std::string& k)
    {
        switch (m_state) {
        case State::Root:
            if (!m_names.insert(k).second) {
                return fail("", "duplicate tensor name " + quoteName(k));
            }
            if (k != "__metadata__" && ++m_tensorCount > m_limits.maxTensors) {
                return fail(
                    "", "the header lists more than " +
                            (m_limits.tensorLimitText.empty()
                                 ? "the limit of " + withThousands(m_limits.maxTensors) + " tensors"
                                 : m_limits.tensorLimitText));
            }
            if (k.size() > m_limits.maxNameBytes) {
                return fail("", "tensor name " + quoteName(k) + " is longer than " +
                                    withThousands(m_limits.maxNameBytes) + " bytes");
            }
            m_key = std::move(k);
            return true;
        case State::Metadata:
            if (!m_keys.insert(k).second) {
                return fail("__metadata__", "duplicate key " + quoteName(k));
            }
            if (m_keys.size() > m_limits.maxMetadataEntries) {
                return fail("__metadata__",
                            "more than " + withThousands(m_limits.maxMetadataEntries) + " entries");
            }
            m_key = std::move(k);
            return true;
        case State::Tensor:
            if (!m_fields.insert(k).second) {
                return fail(tensorField(m_tensor.name), "duplicate field " + quoteName(k));
            }
            m_field = std::move(k);
            return true;
        default:
            return true; // inside a skipped value
        }
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e)
    {
        std::string what = e.what();
        if (auto pos = what.find("] "); pos != std::string::npos) {
            what = what.substr(pos + 2);
        }
        return fail("", "the header is not valid JSON (" + what + ")");
    }

    const std::string& errorField() const { return m_errorField; }
    const std::string& errorMessage() const { return m_errorMessage; }
    bool failed() const { return !m_errorMessage.empty(); }

private:
    enum class State { Start, Root, Tensor, Metadata, Shape, Offsets, Skip, Done };

    bool fail(std::string field, std::string message)
    {
        if (m_errorMessage.empty()) {
            m_errorField = std::move(field);
            m_errorMessage = std::move(message);
        }
        return false;
    }

    // A scalar, or a container where none belongs.
    bool scalar(const char* what)
    {
        switch (m_state) {
        case State::Start:
            return fail("", std::string("the header must be a JSON object (got ") + what + ")");
        case State::Root:
            if (m_key == "__metadata__") {
                return fail("__metadata__", "must be an object of strings");
            }
            return fail(tensorField(m_key), std::string("must be an object (got ") + what + ")");
        case State::Metadata:
            return fail("__metadata__", quoteName(m_key) + " must be a string");
        case State::Tensor:
            if (m_field == "dtype") {
                return fail(tensorField(m_tensor.name), "dtype must be a string");
            }
            if (m_field == "shape" || m_field == "data_offsets") {
                return fail(tensorField(m_tensor.name), m_field + " must be an array");
            }
            return true; // an unknown field's scalar value: ignored
        case State::Shape:
            return fail(tensorField(m_tensor.name),
                        "shape must be a list of non-negative integers (got " + std::string(what) +
                            ")");
        case State::Offsets:
            return fail(tensorField(m_tensor.name),
                        "data_offsets must be two non-negative integers (got " + std::string(what) +
                            ")");
        default:
            return true;
        }
    }

    bool enterTensorValue(bool isArray)
    {
        if (m_field == "shape" && isArray) {
            m_state = State::Shape;
            return true;
        }
        if (m_field == "data_offsets" && isArray) {
            m_state = State::Offsets;
            m_offsets = 0;
            return true;
        }
        if (m_field == "dtype" || m_field == "shape" || m_field == "data_offsets") {
            return scalar(isArray ? "an array" : "an object");
        }
        m_state = State::Skip; // an unknown field: its value is skipped
        m_skipDepth = 1;
        return true;
    }

    bool leaveSkip()
    {
        if (--m_skipDepth == 0) {
            m_state = State::Tensor;
        }
        return true;
    }

    bool finishTensor()
    {
        for (const char* f : {"dtype", "shape", "data_offsets"}) {
            if (!m_fields.contains(f)) {
                return fail(tensorField(m_tensor.name), std::string(f) + " is required");
            }
        }
        m_out.tensors.push_back(std::move(m_tensor));
        m_state = State::Root;
        return true;
    }

    const SafetensorsLimits& m_limits;
    SafetensorsHeader& m_out;
    State m_state = State::Start;
    std::string m_key;   // the pending root or metadata key
    std::string m_field; // the pending field of a tensor entry
    SafetensorsTensor m_tensor;
    int m_offsets = 0;
    u64 m_tensorCount = 0;
    int m_skipDepth = 0;
    std::unordered_set<std::string> m_names;
    std::unordered_set<std::string> m_keys;
    std::unordered_set<std::string> m_fields;
    std::string m_errorField;
    std::string m_errorMessage;
};

} // namespace

void parseSafetensorsJson(std::string_view json, const SafetensorsLimits& limits,
                          SafetensorsHeader& h)
{
    HeaderSax sax(limits, h);
    const bool ok = nlohmann::json::sax_parse(json, &sax, nlohmann::json::input_format_t::json,
                                              /*strict=*/true);
    if (!ok || sax.failed()) {
        throw InputError(h.file, sax.errorField(),
                         sax.failed() ? sax.errorMessage() : "the header is not valid JSON");
    }
    if (const std::size_t nul = json.find('\0'); nul != std::string_view::npos) {
        // The parser takes a NUL byte outside a string for the end of the text, so
        // "{...}\0anything" would read as a valid header (padding is spaces, never NULs).
        throw InputError(h.file, "",
                         "the header is not valid JSON (a NUL byte at byte " +
                             std::to_string(nul + 1) + " of the header)");
    }
}

} // namespace llmsizer::detail
