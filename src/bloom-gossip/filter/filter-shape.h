/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The shape of a filter (family and parameters, everything but its
 * contents) and its 10-byte wire header, shared by the whole-filter codec
 * and the advertisement segments.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_FILTER_SHAPE_H
#define BLOOM_GOSSIP_FILTER_SHAPE_H

#include "decode-error.h"
#include "filter-kinds.h"
#include "lbf-quantization.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/// The family's FilterTraits name: "bf", "lbf", "abf", "sdbf", "dv" or a
/// plug-in's ("unknown" for no family).
std::string ToString(FilterKind kind);
/**
 * \param kind a wire kind
 * \return the FilterTraits of its filter class (a plug-in kind: its
 *         registration's), or nullptr when no family has that kind
 */
const FilterTraits* GetFilterTraits(FilterKind kind);
/// \return every family's kind: filter-kinds.h's list, then the registered
///         plug-in kinds, ascending
std::vector<FilterKind> FilterKinds();
/**
 * Inverse of ToString(FilterKind).
 * \param name "bf", "lbf", "abf", "sdbf", "dv" or a plug-in's name
 * \return the filter family; throws std::invalid_argument "'<name>' is not
 *         one of bf, lbf, abf, sdbf, dv" (and the plug-ins') on anything else
 */
FilterKind ParseFilterKind(const std::string& name);

/**
 * \ingroup bloom-filter-core
 * \brief A plug-in filter class for the filter core: its wire kind, its
 * traits (the shape rules of its kind) and how to make an empty filter.
 */
struct PluginFilterClass
{
    FilterKind kind;     //!< kFirstPluginKind..255, unique
    FilterTraits traits; //!< its name (unique among all kinds) and shape rules
    /// An all-zero filter of a valid shape of this kind (may throw
    /// std::invalid_argument)
    std::function<std::unique_ptr<PluginFilterBody>(const FilterShape&)> fromShape;
};

/**
 * \ingroup bloom-filter-core
 * \brief Adds a plug-in filter class to the filter core while it lives:
 * its kind then has a name, shape checks, MakeFilter, the codec and the
 * advertisement segments, like the core's own (a static object next to the
 * class, as the module's families register their descriptors).  A kind
 * outside kFirstPluginKind..255, a kind or name already taken, or no
 * fromShape throws std::logic_error.
 */
class PluginFilterRegistration
{
  public:
    /// \param filterClass the class
    explicit PluginFilterRegistration(PluginFilterClass filterClass);
    ~PluginFilterRegistration();
    PluginFilterRegistration(const PluginFilterRegistration&) = delete;
    PluginFilterRegistration& operator=(const PluginFilterRegistration&) = delete;

  private:
    FilterKind m_kind; ///< the kind registered
};

/**
 * \param shape a shape of a registered plug-in kind
 * \return an all-zero filter of it (throws std::invalid_argument on a kind
 *         no class has)
 */
PluginFilter MakePluginFilter(const FilterShape& shape);

/// Version written in every header; the only one ParseHeader() accepts.
constexpr uint8_t kWireVersion = 1;
/// Size of the wire header in bytes.
constexpr size_t kWireHeaderSize = 10;

/**
 * \ingroup bloom-filter-core
 * \brief Shape of a filter: family and parameters.
 *
 * A filter of any family is a flat array of d m slots of b bits: BF and
 * SDBF m slots of 1 bit, LBF m cells of b bits, ABF d levels of m bits (level-major,
 * slot = level m + bit), DV m entries of b bits (a w-bit id and a hop count).  Each filter packs
 * and unpacks ranges of its own slots (AppendWireSlots / StoreWireSlots); encodings only frame
 * them.
 *
 * Wire header, all integers little-endian:
 *
 *     offset size field
 *     0      1    version (1)
 *     1      1    kind: 1 = BF, 2 = LBF, 3 = ABF, 4 = SDBF, 5 = DV;
 *                 128..255: a registered plug-in (PluginFilterRegistration)
 *     2      1    k, hash functions (1..32); DV: id bits w (1..24)
 *     3      1    b, bits per slot (BF, ABF, SDBF: 1; LBF: 1..16;
 *                 DV: bits per entry, w + 1 .. w + 8)
 *     4      1    d, levels (BF, LBF, SDBF: 1; ABF: 1..255)
 *     5      1    quantization (LBF: 0 floor, 1 ceil, 2 round; else 0)
 *     6      4    m, slots per level (1..2^20; DV: entries, 0..2^20)
 */
struct FilterShape
{
    FilterKind kind{FilterKind::BLOOM};
    uint32_t hashes{0};                             //!< k
    uint32_t slotBits{1};                           //!< b
    uint32_t depth{1};                              //!< d
    Quantization quantization{Quantization::FLOOR}; //!< LBF rule
    uint32_t slots{0};                              //!< m, slots per level

    /// Bytes of one level's packed slots, ceil(m b / 8).
    size_t LevelBytes() const;
    /// Bytes of the whole-filter payload (d levels, each byte-aligned).
    size_t PayloadBytes() const;

    /// Header plus payload.
    size_t EncodedBytes() const
    {
        return kWireHeaderSize + PayloadBytes();
    }

    /// Slots of all levels, d m.
    uint64_t TotalSlots() const
    {
        return static_cast<uint64_t>(slots) * depth;
    }

    /// Throws DecodeError when a field is out of range or inconsistent with the kind.
    void Validate() const;
    bool operator==(const FilterShape& o) const;

    bool operator!=(const FilterShape& o) const
    {
        return !(*this == o);
    }
};

/// Append the 10-byte header of a shape.
void AppendHeader(const FilterShape& shape, std::vector<uint8_t>& out);
/// Parse and validate a header (needs at least kWireHeaderSize bytes).
FilterShape ParseHeader(const uint8_t* data, size_t size);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_SHAPE_H
