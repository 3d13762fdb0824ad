#include "attn/models/weights_io.hpp"

#include <cmath>
#include <cstring>
#include <string>

#include "attn/crc32.hpp"
#include "attn/errors.hpp"

namespace attn {
namespace {

constexpr std::size_t kMagicBytes = 8;
constexpr std::size_t kChecksumBytes = 4;

std::uint32_t le32(const std::uint8_t* b) {
    return std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
}

class Writer {
  public:
    void u32(std::uint32_t x) {
        for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(x >> (8 * i)));
    }
    void f32(float x) {
        std::uint32_t b;
        std::memcpy(&b, &x, 4);
        u32(b);
    }
    void u16(std::uint16_t x) {
        out.push_back(static_cast<std::uint8_t>(x));
        out.push_back(static_cast<std::uint8_t>(x >> 8));
    }
    void bytes(const std::string& s) {
        u32(static_cast<std::uint32_t>(s.size()));
        out.insert(out.end(), s.begin(), s.end());
    }
    std::vector<std::uint8_t> out;
};

// Every read names what it was reading, so a short file says where it ran out.
class Reader {
  public:
    Reader(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}

    const std::uint8_t* take(std::size_t bytes, const std::string& what) {
        if (n_ - pos_ < bytes)
            throw ValueError("weights file truncated: expected " + std::to_string(bytes) + " bytes for " + what +
                             ", got " + std::to_string(n_ - pos_));
        const std::uint8_t* at = p_ + pos_;
        pos_ += bytes;
        return at;
    }
    std::uint32_t u32(const std::string& what) { return le32(take(4, what)); }
    float f32(const std::string& what) {
        const std::uint32_t b = u32(what);
        float x;
        std::memcpy(&x, &b, 4);
        return x;
    }
    std::string bytes(const std::string& what) {
        const std::uint32_t len = u32(what + " length");
        const std::uint8_t* b = take(len, what);
        return std::string(reinterpret_cast<const char*>(b), len);
    }
    std::size_t left() const { return n_ - pos_; }
    // Reading stops before the last `bytes` (the checksum).
    void stop_before_last(std::size_t bytes) { n_ -= bytes; }

  private:
    const std::uint8_t* p_;
    std::size_t n_, pos_ = 0;
};

std::string hex32(std::uint32_t x) {
    static const char digits[] = "0123456789abcdef";
    std::string out = "0x";
    for (int shift = 28; shift >= 0; shift -= 4) out += digits[(x >> shift) & 0xFu];
    return out;
}

std::size_t flag(std::uint32_t x, const char* field) {
    if (x > 1)
        throw ValueError(std::string("config field ") + field + " is " + std::to_string(x) + ", expected 0 or 1");
    return x;
}

}  // namespace

std::uint16_t float_to_half(float x) {
    std::uint32_t b;
    std::memcpy(&b, &x, 4);
    const std::uint16_t sign = static_cast<std::uint16_t>((b >> 16) & 0x8000u);
    const std::uint32_t abs = b & 0x7FFFFFFFu;
    if (abs > 0x7F800000u) return sign | 0x7E00u;   // NaN
    if (abs >= 0x477FF000u) return sign | 0x7C00u;  // rounds past 65504: ∞
    if (abs < 0x38800000u) {                        // below 2^-14: a subnormal half (or 0)
        const std::uint32_t mant = (abs & 0x7FFFFFu) | 0x800000u;
        const int shift = 113 - static_cast<int>(abs >> 23) + 13;  // 126 − e, plus the 13 dropped bits
        if (shift > 24) return sign;
        const std::uint32_t half = mant >> shift, rest = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
        return sign | static_cast<std::uint16_t>(half + (rest > mid || (rest == mid && (half & 1u))));
    }
    // Normal: rebias the exponent (127 → 15), round the 13 dropped mantissa bits to nearest even.
    // A carry out of the mantissa correctly bumps the exponent.
    const std::uint32_t v = abs - 0x38000000u;
    const std::uint32_t half = v >> 13, rest = v & 0x1FFFu;
    return sign | static_cast<std::uint16_t>(half + (rest > 0x1000u || (rest == 0x1000u && (half & 1u))));
}

float half_to_float(std::uint16_t h) {
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t e = (h >> 10) & 0x1Fu, m = h & 0x3FFu;
    std::uint32_t b;
    if (e == 0x1F)
        b = sign | 0x7F800000u | (m << 13);
    else if (e != 0)
        b = sign | ((e + 112) << 23) | (m << 13);
    else if (m == 0)
        b = sign;
    else {  // subnormal half: a normal float
        int shift = 0;
        std::uint32_t mm = m;
        while (!(mm & 0x400u)) {
            mm <<= 1;
            ++shift;
        }
        b = sign | static_cast<std::uint32_t>(113 - shift) << 23 | ((mm & 0x3FFu) << 13);
    }
    float x;
    std::memcpy(&x, &b, 4);
    return x;
}

std::vector<std::uint8_t> save_lab_weights(const LabModel& model, WeightsDtype dtype) {
    const LabConfig& c = model.config();
    Writer w;
    w.out.insert(w.out.end(), kLabWeightsMagic, kLabWeightsMagic + kMagicBytes);
    w.u32(kLabWeightsVersion);
    for (std::size_t x : {c.vocab, c.d_model, c.n_layers, c.n_heads, c.n_kv_heads, c.d_head, c.mlp_hidden, c.context})
        w.u32(static_cast<std::uint32_t>(x));
    w.u32(c.qk_norm);
    w.u32(c.output_gate);
    w.f32(c.rope_base);
    for (std::size_t x : {c.linear_heads, c.linear_head_dim, c.conv_kernel}) w.u32(static_cast<std::uint32_t>(x));
    for (std::size_t l = 0; l < c.n_layers; ++l) w.u32(layer_type(c, l) == LabLayerType::Linear ? 1 : 0);
    w.u32(static_cast<std::uint32_t>(dtype));
    for (const std::string& s : model.vocab()) w.bytes(s);
    const auto tensors = lab_tensors(model.weights(), c);
    w.u32(static_cast<std::uint32_t>(tensors.size()));
    for (const auto& [name, m] : tensors) {
        w.bytes(name);
        w.u32(static_cast<std::uint32_t>(m->shape(0)));
        w.u32(static_cast<std::uint32_t>(m->shape(1)));
        for (const float x : *m) {
            if (dtype == WeightsDtype::F16)
                w.u16(float_to_half(x));
            else
                w.f32(x);
        }
    }
    w.u32(crc32(w.out.data(), w.out.size()));
    return std::move(w.out);
}

LabModel load_lab_weights(const std::uint8_t* data, std::size_t size) {
    Reader r(data, size);
    const std::uint8_t* magic = r.take(kMagicBytes, "the magic");
    if (std::memcmp(magic, kOldLabWeightsMagic, kMagicBytes) == 0)
        throw ValueError(std::string("lab weights: ") + kOldLabWeightsMagic +
                         " is the old format without layer types; retrain with npm run train");
    if (std::memcmp(magic, kLabWeightsMagic, kMagicBytes) != 0) {
        std::string seen;
        for (std::size_t i = 0; i < kMagicBytes; ++i)
            seen += (magic[i] >= 0x20 && magic[i] < 0x7F) ? static_cast<char>(magic[i]) : '?';
        throw ValueError("not a lab weights file: magic is '" + seen + "', expected '" + kLabWeightsMagic + "'");
    }
    const std::uint32_t version = r.u32("the version");
    if (version != kLabWeightsVersion)
        throw ValueError("unsupported weights version " + std::to_string(version) + " (this engine reads " +
                         std::to_string(kLabWeightsVersion) + ")");
    if (r.left() < kChecksumBytes) r.take(kChecksumBytes, "the checksum");  // throws: truncated
    const std::uint32_t stored = le32(data + size - kChecksumBytes);
    const std::uint32_t computed = crc32(data, size - kChecksumBytes);
    if (stored != computed)
        throw ValueError("weights file is corrupt or truncated: the CRC-32 of its " +
                         std::to_string(size - kChecksumBytes) + " bytes is " + hex32(computed) +
                         ", its last 4 bytes say " + hex32(stored));
    r.stop_before_last(kChecksumBytes);
    LabConfig c;
    for (std::size_t* field :
         {&c.vocab, &c.d_model, &c.n_layers, &c.n_heads, &c.n_kv_heads, &c.d_head, &c.mlp_hidden, &c.context})
        *field = r.u32("the config");
    c.qk_norm = flag(r.u32("the config"), "qk_norm");
    c.output_gate = flag(r.u32("the config"), "output_gate");
    c.rope_base = r.f32("the config");
    for (std::size_t* field : {&c.linear_heads, &c.linear_head_dim, &c.conv_kernel}) *field = r.u32("the config");
    validate_fields(c);  // bounds n_layers before its types are read
    for (std::size_t l = 0; l < c.n_layers; ++l) {
        const std::uint32_t t = r.u32("the layer types");
        if (t > 1)
            throw ValueError("layer " + std::to_string(l) + " has type " + std::to_string(t) +
                             ", expected 0 (full) or 1 (linear)");
        c.layer_types.push_back(t == 1 ? LabLayerType::Linear : LabLayerType::Full);
    }
    validate(c);
    const std::uint32_t dtype = r.u32("the dtype");
    if (dtype > 1) throw ValueError("unknown weights dtype " + std::to_string(dtype) + " (0 = f32, 1 = f16)");
    // Nothing is allocated before the bytes behind it were found: a corrupt header cannot ask
    // for gigabytes.
    std::vector<std::string> vocab;
    for (std::size_t i = 0; i < c.vocab; ++i) vocab.push_back(r.bytes("vocabulary entry " + std::to_string(i)));
    const auto specs = lab_tensor_specs(c);
    LabWeights w;
    w.layers.resize(c.n_layers);
    const auto tensors = lab_tensors(w, c);
    const std::uint32_t count = r.u32("the tensor count");
    if (count != specs.size())
        throw ValueError("the file holds " + std::to_string(count) + " tensors, the config needs " +
                         std::to_string(specs.size()));
    const std::size_t value_bytes = dtype == 1 ? 2 : 4;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const LabTensorSpec& want = specs[i];
        const std::string name = r.bytes("the name of tensor " + std::to_string(i));
        if (name != want.name)
            throw ValueError("tensor " + std::to_string(i) + " is named '" + name + "', expected '" + want.name + "'");
        const std::size_t rows = r.u32("the shape of tensor '" + name + "'");
        const std::size_t cols = r.u32("the shape of tensor '" + name + "'");
        if (rows != want.rows || cols != want.cols)
            throw ShapeError("tensor '" + name + "' is [" + std::to_string(rows) + ", " + std::to_string(cols) +
                             "], the config needs [" + std::to_string(want.rows) + ", " + std::to_string(want.cols) +
                             "]");
        // rows and cols equal the validated config's, so this product fits in 32 bits.
        const std::uint8_t* b = r.take(rows * cols * value_bytes, "tensor '" + name + "'");
        Matrix& m = *tensors[i].second;
        m = Matrix({rows, cols});
        float* out = m.data();
        for (std::size_t j = 0; j < m.size(); ++j, b += value_bytes) {
            if (value_bytes == 2)
                out[j] = half_to_float(static_cast<std::uint16_t>(b[0] | b[1] << 8));
            else {
                const std::uint32_t u = le32(b);
                std::memcpy(&out[j], &u, 4);
            }
            if (!std::isfinite(out[j]))
                throw ValueError("tensor '" + name + "' holds a non-finite value at index " + std::to_string(j));
        }
    }
    if (r.left() != 0)
        throw ValueError(std::to_string(r.left()) + " unexpected byte(s) between the last tensor and the checksum");
    return LabModel(c, std::move(vocab), std::move(w));
}

WeightsDtype weights_dtype_from_name(const std::optional<std::string>& name) {
    if (!name || *name == "f32") return WeightsDtype::F32;
    if (*name == "f16") return WeightsDtype::F16;
    throw ConfigError("dtype should be 'f32' or 'f16', got '" + *name + "'");
}

}  // namespace attn
