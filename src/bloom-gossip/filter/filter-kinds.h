/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The filter families of the filter core, listed once: the wire kinds and
 * the filter classes of AnyFilter, side by side, and the one alternative
 * that holds a filter of any plug-in class (a family outside the module,
 * registered at load time with its own kind: PluginFilterRegistration,
 * filter-shape.h).  Everything else of the core (names, shape checks,
 * MakeFilter, ShapeOf, the codec) is generic over this list.  Plain C++17,
 * no ns-3.
 */
#ifndef BLOOM_GOSSIP_FILTER_KINDS_H
#define BLOOM_GOSSIP_FILTER_KINDS_H

#include "attenuated-bloom-filter.h"
#include "bloom-filter.h"
#include "dv-filter.h"
#include "linear-bloom-filter.h"
#include "packed-bits.h"
#include "scope-decay-bloom-filter.h"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-filters
 * Filter family carried in an encoding (the wire header's kind byte): kind
 * i below kFirstPluginKind is AnyFilter's alternative i - 1; a plug-in
 * family's kind (kFirstPluginKind..255, its registration's) is held by the
 * last alternative, PluginFilter.  A plug-in names its kind as
 * static_cast<FilterKind>(n).
 */
enum class FilterKind : uint8_t
{
    BLOOM = 1,
    LINEAR = 2,
    ATTENUATED = 3,
    SCOPE_DECAY = 4,
    DISTANCE_VECTOR = 5,
};

/// The first wire kind of a plug-in filter class: 128..255 are theirs.
constexpr uint8_t kFirstPluginKind = 128;

struct FilterShape;

/**
 * \ingroup bloom-filter-core
 * \brief What a plug-in filter class implements for the filter core: the
 * interface of the core's own classes (FillShape, the wire form of a slot
 * range), virtual.  Derive from PluginFilterOf<YourFilter>, which supplies
 * Clone and Equals from the class' copy constructor and operator==.
 */
class PluginFilterBody
{
  public:
    virtual ~PluginFilterBody() = default;
    /// \return a copy
    virtual std::unique_ptr<PluginFilterBody> Clone() const = 0;
    /// \param other a plug-in filter \return whether it is of this class and equal
    virtual bool Equals(const PluginFilterBody& other) const = 0;
    /// Write k, m and the family's own fields (b, d, quantization) into a
    /// shape (its kind is set by the core). \param shape the shape
    virtual void FillShape(FilterShape& shape) const = 0;
    /**
     * Append flat slots first .. first + n - 1 as on the wire (n b bits,
     * zero padding to a whole byte).
     * \param first the first slot \param n the slots \param out where they go
     */
    virtual void AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const = 0;
    /**
     * Set flat slots first .. first + n - 1 from their wire form (bits past
     * n b ignored).
     * \param first the first slot \param n the slots \param data the bytes
     * \return whether a slot changed, whether one was lowered
     */
    virtual StoreEffect StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data) = 0;
};

/**
 * \ingroup bloom-filter-core
 * \brief A plug-in filter class F's base: Clone and Equals from F's copy
 * constructor and operator== (class F : public PluginFilterOf<F>).
 */
template <typename F>
class PluginFilterOf : public PluginFilterBody
{
  public:
    std::unique_ptr<PluginFilterBody> Clone() const override
    {
        return std::make_unique<F>(static_cast<const F&>(*this));
    }

    bool Equals(const PluginFilterBody& other) const override
    {
        const F* o = dynamic_cast<const F*>(&other);
        return o != nullptr && static_cast<const F&>(*this) == *o;
    }
};

/**
 * \ingroup bloom-filter-core
 * \brief AnyFilter's alternative for every plug-in family: a filter of a
 * registered plug-in class with its wire kind, copied by value as the
 * core's filters are.
 */
class PluginFilter
{
  public:
    /// \param kind its wire kind \param body the filter (not null)
    PluginFilter(FilterKind kind, std::unique_ptr<PluginFilterBody> body);
    PluginFilter(const PluginFilter& other);
    PluginFilter(PluginFilter&& other) noexcept = default;
    PluginFilter& operator=(const PluginFilter& other);
    PluginFilter& operator=(PluginFilter&& other) noexcept = default;
    ~PluginFilter() = default;

    /// \return the wire kind
    FilterKind GetKind() const
    {
        return m_kind;
    }

    /// \return the filter as its class F (throws std::invalid_argument when it is not one)
    template <typename F>
    const F& As() const
    {
        const F* f = dynamic_cast<const F*>(m_body.get());
        if (f == nullptr)
        {
            throw std::invalid_argument("plug-in filter of kind " +
                                        std::to_string(static_cast<int>(m_kind)) +
                                        " is not of the class asked for");
        }
        return *f;
    }

    /// \return the filter as its class F (throws std::invalid_argument when it is not one)
    template <typename F>
    F& As()
    {
        return const_cast<F&>(static_cast<const PluginFilter&>(*this).As<F>());
    }

    /// \return the filter
    const PluginFilterBody& Body() const
    {
        return *m_body;
    }

    /// PluginFilterBody::AppendWireSlots
    void AppendWireSlots(uint64_t first, uint64_t n, std::vector<uint8_t>& out) const
    {
        m_body->AppendWireSlots(first, n, out);
    }

    /// PluginFilterBody::StoreWireSlots
    StoreEffect StoreWireSlots(uint64_t first, uint64_t n, const uint8_t* data)
    {
        return m_body->StoreWireSlots(first, n, data);
    }

    bool operator==(const PluginFilter& o) const
    {
        return m_kind == o.m_kind && m_body->Equals(*o.m_body);
    }

    bool operator!=(const PluginFilter& o) const
    {
        return !(*this == o);
    }

  private:
    FilterKind m_kind;                        ///< its wire kind
    std::unique_ptr<PluginFilterBody> m_body; ///< the filter
};

/**
 * \ingroup bloom-filter-core
 * A filter of any family: alternative i - 1 is the filter class of
 * FilterKind i (a new family of the core appends its kind above and its
 * class here, before PluginFilter); PluginFilter, last, holds every
 * plug-in kind.
 */
using AnyFilter = std::variant<BloomFilter,
                               LinearBloomFilter,
                               AttenuatedBloomFilter,
                               ScopeDecayBloomFilter,
                               DistanceVector,
                               PluginFilter>;

/// The core's own kinds: 1 .. kCoreKinds (every alternative but PluginFilter).
constexpr size_t kCoreKinds = std::variant_size_v<AnyFilter> - 1;
static_assert(kCoreKinds < kFirstPluginKind, "the core's kinds stay below the plug-in range");

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_FILTER_KINDS_H
