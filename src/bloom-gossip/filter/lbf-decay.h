/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The per-hop decay of linear Bloom filter cells (LBF paper, section 3.2)
 * and its exact inversion into hop counts.  Plain C++17, no ns-3.
 */
#ifndef BLOOM_GOSSIP_LBF_DECAY_H
#define BLOOM_GOSSIP_LBF_DECAY_H

#include "lbf-quantization.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace bloom
{

/// The multiplicative factor a lies in the open interval (0, 1): these are
/// its smallest and largest values as closed bounds (the smallest positive
/// double and the largest double below 1), for range checkers.
constexpr double kMinDecayFactor = std::numeric_limits<double>::denorm_min();
constexpr double kMaxDecayFactor = 1.0 - std::numeric_limits<double>::epsilon() / 2;

/**
 * \ingroup bloom-filter-core
 * \brief The per-hop decay of LBF cells and its inversion into hop counts.
 *
 * Two modes:
 *  - multiplicative (paper section 3.2): q <- floor(a q), 0 < a < 1;
 *  - subtractive (degrading counting filters): q <- max(0, q - delta).
 * A value that left its origin at Q = 2^b - 1 follows the chain
 * v0 = Q, v(h+1) = decay(v(h)).  Hop estimates invert that exact chain: the
 * estimate for a cell minimum q > 0 is the least h with v(h) <= q, which can
 * only under-estimate when collisions raise q.  The horizon H is the number
 * of non-zero chain values: distances 0..H-1 can be told apart.
 *
 * The multiplication is evaluated as floor(a q + 1e-9) so that a decimal
 * factor behaves as the exact decimal (0.7 x 10 = 7, not 6.999...).
 */
class LbfDecay
{
  public:
    /// Throws std::invalid_argument unless 0 < a < 1 and 1 <= bits <= 16.
    static LbfDecay Multiplicative(double factor, uint32_t bits);
    /// Throws std::invalid_argument unless 1 <= delta < 2^bits and 1 <= bits <= 16.
    static LbfDecay Subtractive(uint32_t delta, uint32_t bits);

    uint32_t GetCellBits() const
    {
        return m_tables->bits;
    }

    /// Value of a cell after one hop.
    uint32_t Apply(uint32_t q) const
    {
        return m_tables->next[q];
    }

    /// Number of distinct non-zero values of the chain, v0 .. v(H).
    uint32_t ChainLength() const
    {
        return static_cast<uint32_t>(m_tables->chain.size());
    }

    /**
     * The horizon H: the last hop a value survives (v(H) > 0 = v(H+1)), so
     * hop distances 0 .. H can be told apart; ChainLength() - 1.  The
     * scenario tables report it as `reach`.
     */
    uint32_t Horizon() const
    {
        return ChainLength() - 1;
    }

    /// v0 .. v(H).
    const std::vector<uint16_t>& Chain() const
    {
        return m_tables->chain;
    }

    /// Chain(), sharing the interned tables (for a CellAlphabet that outlives the decay).
    std::shared_ptr<const std::vector<uint16_t>> SharedChain() const
    {
        return std::shared_ptr<const std::vector<uint16_t>>(m_tables, &m_tables->chain);
    }

    /// Hop estimate for a cell minimum q; nullopt when q == 0 (absent).
    std::optional<uint32_t> HopsFor(uint32_t q) const
    {
        if (q == 0)
        {
            return std::nullopt;
        }
        return m_tables->hopOf[q];
    }

    /// "mul:0.9" or "sub:16".
    std::string Describe() const;

    /**
     * For b in {1, 2, 4, 8}: the decay applied to every b-bit field of a
     * byte (256 entries), for whole-word attenuation; empty otherwise.
     */
    const std::vector<uint8_t>& ByteTable() const
    {
        return m_tables->byteNext;
    }

    /**
     * For b = 4: the decay of the two 4-bit values of a byte, spread to the
     * low halves of two bytes (256 entries), for cells stored a byte each;
     * empty otherwise.
     */
    const std::vector<uint16_t>& NibblePairTable() const
    {
        return m_tables->nibblePairNext;
    }

    /// The decay of every value 0..Q (2^b entries), for whole-word attenuation.
    const std::vector<uint16_t>& NextTable() const
    {
        return m_tables->next;
    }

    /**
     * Whether two decays share their tables: equal decays built anywhere in
     * the process do (see below), so a network of N nodes holds one copy.
     */
    bool SharesTablesWith(const LbfDecay& other) const
    {
        return m_tables == other.m_tables;
    }

  private:
    /// Everything derived from the decay, immutable once built.
    struct Tables
    {
        uint32_t bits;
        std::string description;
        std::vector<uint16_t> next;           //!< decay of every value 0..Q
        std::vector<uint16_t> chain;          //!< v0..v(H-1)
        std::vector<uint16_t> hopOf;          //!< least h with v(h) <= q, for q in 0..Q
        std::vector<uint8_t> byteNext;        //!< b in {1,2,4,8}: decay of every field of a byte
        std::vector<uint16_t> nibblePairNext; //!< b = 4: byte of two values -> two decayed bytes
    };

    LbfDecay(uint32_t bits, std::vector<uint16_t> next, std::string description);
    static std::shared_ptr<const Tables> BuildTables(uint32_t bits,
                                                     std::vector<uint16_t> next,
                                                     std::string description);

    /// Interned: every LbfDecay with the same b, description and decay table
    /// points to one Tables (about 2 KiB at b = 8, up to 390 KiB at b = 16), which
    /// stays in cache however many nodes' policies use it.
    std::shared_ptr<const Tables> m_tables;
};

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_LBF_DECAY_H
