/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "slot-codec.h"

#include "filter-codec.h"
#include "filter-limits.h"
#include "lbf-quantization.h"
#include "range-coder.h"

#include "ns3/user-text.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace ns3
{
namespace bloom
{

namespace
{

/// Field of `width` (1..32) bits at bit `bit` of a wire form (little-endian bit order).
uint32_t
Field(const uint8_t* raw, uint64_t bit, uint32_t width)
{
    const uint64_t byte = bit / 8;
    const unsigned shift = bit % 8;
    const unsigned need = shift + width;
    uint64_t v = 0;
    for (unsigned i = 0; i * 8 < need; ++i)
    {
        v |= static_cast<uint64_t>(raw[byte + i]) << (8 * i);
    }
    return static_cast<uint32_t>((v >> shift) & ((uint64_t{1} << width) - 1));
}

/// Write a field into a zeroed wire form.
void
PutField(uint8_t* raw, uint64_t bit, uint32_t width, uint32_t value)
{
    const uint64_t byte = bit / 8;
    const unsigned shift = bit % 8;
    const uint64_t v = static_cast<uint64_t>(value) << shift;
    for (unsigned i = 0; i * 8 < shift + width; ++i)
    {
        raw[byte + i] |= static_cast<uint8_t>(v >> (8 * i));
    }
}

bool
Bit(const uint8_t* raw, uint64_t i)
{
    return ((raw[i / 8] >> (i % 8)) & 1U) != 0;
}

uint64_t
WireBytes(uint64_t n, uint32_t b)
{
    return (n * b + 7) / 8;
}

// ------------------------------------------------------------ bits (urn)

/// Bits a .. e - 1 of a wire form of which `ones` are ones: each with the urn's probability.
void
EncodeUrnBits(RangeEncoder& enc, const uint8_t* raw, uint32_t a, uint32_t e, uint32_t ones)
{
    for (uint32_t i = a; i < e && ones != 0 && ones != e - i; ++i)
    {
        const bool bit = Bit(raw, i);
        enc.EncodeUrnBit(bit, ones, e - i);
        ones -= bit ? 1 : 0;
    }
}

/// Mirror of EncodeUrnBits; sets the ones in a zeroed wire form.
void
DecodeUrnBits(RangeDecoder& dec, uint8_t* raw, uint32_t a, uint32_t e, uint32_t ones)
{
    for (uint32_t i = a; i < e && ones != 0; ++i)
    {
        if (ones == e - i || dec.DecodeUrnBit(ones, e - i))
        {
            raw[i / 8] |= static_cast<uint8_t>(1U << (i % 8));
            --ones;
        }
    }
}

/// Bits a .. e - 1 of a wire form: count, then each bit with the urn's probability.
void
EncodeBitPiece(RangeEncoder& enc, const uint8_t* raw, uint32_t a, uint32_t e)
{
    uint32_t ones = 0;
    for (uint32_t i = a; i < e; ++i)
    {
        ones += Bit(raw, i) ? 1 : 0;
    }
    enc.EncodeCount(ones, e - a);
    EncodeUrnBits(enc, raw, a, e, ones);
}

/// Mirror of EncodeBitPiece.
void
DecodeBitPiece(RangeDecoder& dec, uint8_t* raw, uint32_t a, uint32_t e)
{
    DecodeUrnBits(dec, raw, a, e, dec.DecodeCount(e - a));
}

/**
 * A range of n 1-bit slots of levels of m bits: the first min(n, m)
 * (at most one level's worth) as a count and the urn; every later bit i with
 * a Krichevsky-Trofimov estimate of its own context: the bits i - m and i - 2m
 * of the range (the same position one and two levels before; ABF: in gossip
 * a level holds every key of the level two before, on a bipartite graph none
 * of the level before).  A BF or SDBF range is one level: count and urn only.
 */
class BitContexts
{
  public:
    explicit BitContexts(uint32_t m)
        : m_m(m)
    {
    }

    /// The context of bit i (i >= m) of a range whose bits below i are in `raw`.
    size_t Of(const uint8_t* raw, uint32_t i) const
    {
        const size_t c1 = Bit(raw, i - m_m) ? 1 : 0;
        const size_t c2 = i >= 2 * uint64_t{m_m} ? (Bit(raw, i - 2 * m_m) ? 1 : 0) : 2;
        return c1 * 3 + c2;
    }

    uint32_t ones[6] = {};
    uint32_t zeros[6] = {};

  private:
    uint32_t m_m;
};

void
EncodeBits(RangeEncoder& enc, const FilterShape& shape, uint32_t n, const uint8_t* raw)
{
    const uint32_t head = std::min(n, shape.slots);
    EncodeBitPiece(enc, raw, 0, head);
    BitContexts ctx(shape.slots);
    for (uint32_t i = head; i < n; ++i)
    {
        const size_t c = ctx.Of(raw, i);
        const bool bit = Bit(raw, i);
        enc.EncodeKtBit(bit, ctx.ones[c], ctx.zeros[c]);
        ++(bit ? ctx.ones[c] : ctx.zeros[c]);
    }
}

void
DecodeBits(RangeDecoder& dec, const FilterShape& shape, uint32_t n, uint8_t* raw)
{
    const uint32_t head = std::min(n, shape.slots);
    DecodeBitPiece(dec, raw, 0, head);
    BitContexts ctx(shape.slots);
    for (uint32_t i = head; i < n; ++i)
    {
        const size_t c = ctx.Of(raw, i);
        const bool bit = dec.DecodeKtBit(ctx.ones[c], ctx.zeros[c]);
        ++(bit ? ctx.ones[c] : ctx.zeros[c]);
        raw[i / 8] |= static_cast<uint8_t>((bit ? 1U : 0U) << (i % 8));
    }
}

// ------------------------------------------------------------ cells

/// Cumulative counts over d symbols (Fenwick tree).
class Fenwick
{
  public:
    explicit Fenwick(const std::vector<uint32_t>& counts)
        : m_tree(counts.size() + 1, 0)
    {
        for (size_t i = 0; i < counts.size(); ++i)
        {
            Add(i, counts[i]);
        }
    }

    void Add(size_t i, int64_t delta)
    {
        for (size_t j = i + 1; j < m_tree.size(); j += j & (~j + 1))
        {
            m_tree[j] = static_cast<uint32_t>(m_tree[j] + delta);
        }
    }

    /// Sum of counts 0 .. i - 1.
    uint32_t Prefix(size_t i) const
    {
        uint32_t sum = 0;
        for (size_t j = i; j > 0; j -= j & (~j + 1))
        {
            sum += m_tree[j];
        }
        return sum;
    }

    /// The symbol k with Prefix(k) <= t < Prefix(k + 1) (t below the total).
    size_t Find(uint32_t t) const
    {
        size_t pos = 0;
        size_t step = 1;
        while (step * 2 < m_tree.size())
        {
            step *= 2;
        }
        for (; step > 0; step /= 2)
        {
            if (pos + step < m_tree.size() && m_tree[pos + step] <= t)
            {
                pos += step;
                t -= m_tree[pos];
            }
        }
        return pos;
    }

  private:
    std::vector<uint32_t> m_tree;
};

/**
 * \brief The count model of CELLS: how many cells of each symbol a range of
 * an LBF holds, knowing how LBF content is made.
 *
 * A resource at h hops writes its value into k = shape.hashes cells at
 * independent uniform positions of the m = shape.slots, and a cell keeps the
 * highest value written (the least symbol).  Going from the least symbol
 * present (lo) up, the count c_h of symbol h in a range of n cells is
 * modelled as the new cells of r resources at h hops, r geometric of mean mu
 * (theta = mu / (1 + mu)), each adding Binomial(k, q) cells, q the chance
 * that a draw lands in the range on a cell no higher value holds:
 * q = (n - U - k mu (n / m) / 2) / m, U the cells of the symbols before h
 * (the k mu / 2 term: collisions among a resource's own draws).  The pmf of
 * this geometric mixture of binomials is f_0 = (1 - theta) / (1 - theta b_0),
 * f_c = sum_{j = 1..min(k, c)} g_j f_{c - j} with b_j = C(k, j) q^j
 * (1 - q)^(k - j) and g_j = theta b_j / (1 - theta b_0): O(k) a value.
 * After c_h is coded, r^ = c_h / (k q) updates mu: at lo,
 * mu = (r^ + prior) / 2, then mu = alpha mu + (1 - alpha) r^.
 *
 * The support is cmin .. cmax: 1 .. at lo and hi (both present), 0 ..
 * between; cmax = n - U, less 1 before hi (hi's cell), so no count can
 * exceed the cells left.
 *
 * Fixed point, so that both ends compute the same frequencies on any
 * platform and compiler (no floating point on the coding path):
 * probabilities are Q32 in uint64_t (2^32 is 1; every value but the
 * constant 1 is below 2^32, so a product of two fits 64 bits; products are
 * shifted right by 32 and divisions round down); mu is Q16 (2^16 is one
 * resource, the prior 0.7 = 45875) clipped to [1/256, 65536], the weights
 * 1/2 and alpha = 154/256 (about 0.6) are integers over 256, q is clipped to
 * [max(2^-16, 1 / (2 m)), 1 - that].  The coded distribution has the fixed
 * total kTotal = 2^23 + 512: count v has the frequency floor(f_v 2^23 /
 * mass) + 1 (mass: that of the support, 1 - f_0 when cmin = 1; the division
 * as a multiplication by floor(2^55 / (mass << up)), up bringing the mass to
 * [2^32, 2^33)), so every count of the support can be coded.  The explicit
 * counts end after T, the first count where less than 2^-20 of the mass is
 * left beyond it, or at cmin + 255: the counts from T + 1 on share one
 * escape interval and are then coded as EncodeCount(c - T - 1,
 * cmax - T - 1).  The last interval (cmax's, or the escape) takes what is
 * left of kTotal.  The masses are computed only as far as the count coded
 * (or decoded) needs: O(k) a count, the cost of a symbol O(k c_h).
 */
class CellCountModel
{
  public:
    /// A range of n cells of a filter of `shape`.
    CellCountModel(const FilterShape& shape, uint32_t n)
        : m_k(std::clamp<uint32_t>(shape.hashes, 1, kMaxHashes)),
          m_m(std::max<uint32_t>(shape.slots, 1)),
          m_n(n),
          m_qMin(std::max<uint64_t>(uint64_t{1} << 16, kOne / (2 * uint64_t{m_m})))
    {
    }

    /**
     * Build the distribution of the next count: `used` cells hold the
     * symbols before it, and it is in cmin .. cmax (cmin <= cmax).
     */
    void Prepare(uint32_t used, uint32_t cmin, uint32_t cmax)
    {
        assert(cmin <= cmax && used <= m_n);
        // The distribution is a function of (used, cmin, cmax, mu): along a run
        // of absent symbols mu settles at kMuMin and nothing changes, so the
        // masses already computed serve again.
        if (m_preparedMu == m_mu && used == m_used && cmin == m_cmin && cmax == m_cmax)
        {
            return;
        }
        m_preparedMu = m_mu;
        m_used = used;
        m_cmin = cmin;
        m_cmax = cmax;
        // q = (n - U - k mu (n / m) / 2) / m, in Q16 cells first.
        const uint64_t collisions = uint64_t{m_k} * m_mu * m_n / (2 * uint64_t{m_m});
        const uint64_t free16 = uint64_t{m_n - used} << 16;
        const uint64_t num = free16 > collisions ? free16 - collisions : 0;
        m_q = std::clamp<uint64_t>(num * 65536 / m_m, m_qMin, kOne - m_qMin);
        // b_0 = (1 - q)^k; theta = mu / (1 + mu); f_0 = (1 - theta) / (1 - theta b_0)
        uint64_t b0 = kOne;
        for (uint32_t j = 1; j <= m_k; ++j)
        {
            b0 = b0 * (kOne - m_q) >> 32;
        }
        const uint64_t notTheta = (uint64_t{1} << 48) / ((uint64_t{1} << 16) + m_mu);
        m_theta = kOne - notTheta;
        m_den = kOne - (m_theta * b0 >> 32);
        m_reach = 0; // the g_j when a count above 0 needs them (Mass)
        m_f.assign(1, std::min(kOne - 1, (notTheta << 32) / m_den));
        m_mass = cmin == 0 ? kOne : kOne - m_f[0];
        m_up = 33 - BitLength(m_mass);
        m_scale = (uint64_t{1} << 55) / (m_mass << m_up);
    }

    /// Code `count` (cmin .. cmax) with the prepared distribution.
    void Encode(RangeEncoder& enc, uint32_t count)
    {
        const Interval in = Walk([count](uint32_t v, uint32_t, uint32_t) { return v == count; });
        enc.Encode(in.cum, in.freq, kTotal);
        if (in.escape)
        {
            enc.EncodeCount(count - in.value, m_cmax - in.value);
        }
    }

    /// Mirror of Encode.
    uint32_t Decode(RangeDecoder& dec)
    {
        const uint32_t t = dec.Target(kTotal);
        const Interval in =
            Walk([t](uint32_t, uint32_t cum, uint32_t freq) { return t - cum < freq; });
        dec.Consume(in.cum, in.freq, kTotal);
        return in.escape ? in.value + dec.DecodeCount(m_cmax - in.value) : in.value;
    }

    /// \return the bits Encode spends on `count`
    double Bits(uint32_t count)
    {
        const Interval in = Walk([count](uint32_t v, uint32_t, uint32_t) { return v == count; });
        double bits = std::log2(static_cast<double>(kTotal) / in.freq);
        if (in.escape)
        {
            bits += RangeEncoder::CountBits(count - in.value, m_cmax - in.value);
        }
        return bits;
    }

    /// Learn from the count just coded (`first`: of the least symbol).
    void Update(uint32_t count, bool first)
    {
        const uint64_t estimate =
            std::min(kMuMax, (uint64_t{count} << 32) / (uint64_t{m_k} * (m_q >> 16)));
        m_mu = first ? (kMix * estimate + (256 - kMix) * kMuPrior) >> 8
                     : (kAlpha * m_mu + (256 - kAlpha) * estimate) >> 8;
        m_mu = std::clamp(m_mu, kMuMin, kMuMax);
    }

  private:
    /// A count's interval of kTotal; escape: the counts from `value` on.
    struct Interval
    {
        uint32_t cum;
        uint32_t freq;
        uint32_t value;
        bool escape;
    };

    /**
     * The support's intervals in order, computed as far as needed: count v
     * (cmin ..) has floor(f_v 2^23 / mass) + 1; the last count (cmax)
     * or the escape (after the last explicit count) has what is left of
     * kTotal.  Returns the first interval for which pick(v, cum, freq) is
     * true (always the escape or the last one, when none before).
     */
    template <class Pick>
    Interval Walk(Pick&& pick)
    {
        uint64_t massCum = 0; // Q32 mass of cmin .. v - 1
        uint32_t cum = 0;
        for (uint32_t v = m_cmin;; ++v)
        {
            if (v > m_cmin &&
                (v - m_cmin == kMaxSupport || m_mass - massCum < m_mass >> kTailShift))
            {
                return {cum, kTotal - cum, v, true};
            }
            const uint64_t f = Mass(v);
            if (v == m_cmax)
            {
                return {cum, kTotal - cum, v, false};
            }
            const auto freq = static_cast<uint32_t>(((f << m_up) * m_scale >> 32) + 1);
            if (uint64_t{cum} + freq >= kTotal)
            {
                return {cum, kTotal - cum, v, true}; // (rounded masses past 1)
            }
            if (pick(v, cum, freq))
            {
                return {cum, freq, v, false};
            }
            cum += freq;
            massCum = std::min(m_mass, massCum + f);
        }
    }

    /// g_j = theta b_j / (1 - theta b_0), b_j = C(k, j) q^j (1 - q)^(k - j); m_reach.
    void Weights()
    {
        uint64_t qPow[kMaxHashes + 1];
        uint64_t pPow[kMaxHashes + 1];
        qPow[0] = kOne;
        pPow[0] = kOne;
        for (uint32_t j = 1; j <= m_k; ++j)
        {
            qPow[j] = qPow[j - 1] * m_q >> 32;
            pPow[j] = pPow[j - 1] * (kOne - m_q) >> 32;
        }
        uint64_t choose = m_k; // C(k, j)
        for (uint32_t j = 1; j <= m_k; ++j)
        {
            const uint64_t b = std::min(kOne - 1, choose * (qPow[j] * pPow[m_k - j] >> 32));
            m_g[j] = std::min(kOne - 1, (m_theta * b >> 32 << 32) / m_den);
            m_reach = m_g[j] != 0 ? j : m_reach;
            choose = choose * (m_k - j) / (j + 1);
        }
        m_reach = std::max<uint32_t>(m_reach, 1); // computed (g_1 may be 0)
    }

    /// f_v (Q32), the values before it computed (v <= size of m_f).
    uint64_t Mass(uint32_t v)
    {
        if (v < m_f.size())
        {
            return m_f[v];
        }
        if (m_reach == 0)
        {
            Weights();
        }
        uint64_t f = 0;
        for (uint32_t j = 1; j <= std::min(m_reach, v); ++j)
        {
            f += m_g[j] * m_f[v - j] >> 32;
        }
        m_f.push_back(f);
        return f;
    }

    static constexpr uint64_t kOne = uint64_t{1} << 32;   //!< 1 in Q32
    static constexpr uint64_t kMuPrior = 45875;           //!< 0.7 in Q16
    static constexpr uint64_t kMuMin = 256;               //!< 1/256 in Q16
    static constexpr uint64_t kMuMax = uint64_t{1} << 32; //!< 65536 in Q16
    static constexpr uint64_t kMix = 128;                 //!< weight of r^ at lo, /256
    static constexpr uint64_t kAlpha = 154;               //!< alpha (0.6), /256
    static constexpr uint32_t kMaxSupport = 256;          //!< explicit counts at most
    static constexpr uint32_t kTailShift = 20; //!< support ends where 2^-20 of its mass is left
    /// Total of every count distribution: above the frequencies' sum (< 2^23 + kMaxSupport)
    static constexpr uint32_t kTotal = (1U << 23) + 2 * kMaxSupport;

    uint32_t m_k;
    uint32_t m_m;
    uint32_t m_n;
    uint64_t m_qMin;
    uint64_t m_mu{kMuPrior};
    uint64_t m_q{0};
    uint64_t m_preparedMu{0}; //!< the mu of the last Prepare (0: none yet; mu >= kMuMin)
    uint32_t m_used{0};       //!< the cells before the symbol, at the last Prepare
    uint32_t m_cmin{0};
    uint32_t m_cmax{0};
    uint32_t m_reach{0}; //!< the largest j with g_j > 0 (at least 1), 0: g not computed yet
    uint64_t m_theta{0}; //!< theta (Q32)
    uint64_t m_den{0};   //!< 1 - theta b_0 (Q32)
    uint32_t m_up{0};    //!< the shift that brings the support's mass to [2^32, 2^33)
    uint64_t m_mass{0};  //!< the support's mass (Q32): 1, or 1 - f_0 when cmin = 1
    uint64_t m_scale{0}; //!< 2^55 / (mass << up): a mass times it, >> 32, is its share of 2^23
    uint64_t m_g[kMaxHashes + 1]{};
    std::vector<uint64_t> m_f; //!< f_0 .. as far as computed
};

/**
 * The least and the greatest symbol with a non-zero count; both counts.size()
 * when every count is 0.
 */
std::pair<uint32_t, uint32_t>
PresentSpan(const std::vector<uint32_t>& counts)
{
    const auto s = static_cast<uint32_t>(counts.size());
    uint32_t lo = 0;
    while (lo < s && counts[lo] == 0)
    {
        ++lo;
    }
    if (lo == s)
    {
        return {s, s};
    }
    uint32_t hi = s - 1;
    while (counts[hi] == 0)
    {
        --hi;
    }
    return {lo, hi};
}

/**
 * Walk the counts of a range of n cells whose symbols present span lo .. hi:
 * for h = lo .. hi, prepare the model and call code(model, h), which codes or
 * decodes c_h and returns it.  c_lo and c_hi are at least 1, and c_h leaves
 * a cell for hi, so no count can exceed the cells left.
 */
template <class Code>
void
WalkCellCounts(const FilterShape& shape, uint32_t n, uint32_t lo, uint32_t hi, Code&& code)
{
    CellCountModel model(shape, n);
    uint32_t used = 0;
    for (uint32_t h = lo; h <= hi; ++h)
    {
        const uint32_t cmin = h == lo || h == hi ? 1 : 0;
        const uint32_t cmax = n - used - (h < hi ? 1 : 0);
        model.Prepare(used, cmin, cmax);
        const uint32_t c = code(model, h);
        model.Update(c, h == lo);
        used += c;
    }
}

/**
 * Cells: the least symbol present (or the alphabet's size when every cell is
 * 0) and the greatest (EncodeCount), the count of every symbol between them
 * (CellCountModel), the zero map (urn of n bits of which c are ones, c the
 * counts' sum) and the non-zero cells' symbols in cell order (multinomial urn
 * over the symbols present).  False when a cell is outside the alphabet.
 */
bool
EncodeCells(RangeEncoder& enc,
            const FilterShape& shape,
            uint32_t n,
            const uint8_t* raw,
            const CellAlphabet& alphabet)
{
    const uint32_t b = shape.slotBits;
    const uint32_t s = alphabet.Size();
    std::vector<uint32_t> symbols;
    std::vector<uint8_t> map((n + 7) / 8, 0);
    std::vector<uint32_t> counts(s, 0);
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint32_t v = Field(raw, uint64_t{i} * b, b);
        if (v != 0)
        {
            const auto sym = alphabet.Symbol(v);
            if (!sym)
            {
                return false;
            }
            symbols.push_back(*sym);
            ++counts[*sym];
            map[i / 8] |= static_cast<uint8_t>(1U << (i % 8));
        }
    }
    if (n == 0)
    {
        return true;
    }
    const auto c = static_cast<uint32_t>(symbols.size());
    const auto [lo, hi] = PresentSpan(counts);
    enc.EncodeCount(lo, s);
    if (c == 0)
    {
        return true;
    }
    if (n > 1)
    {
        enc.EncodeCount(hi - lo, s - 1 - lo);
    }
    WalkCellCounts(shape, n, lo, hi, [&](CellCountModel& model, uint32_t h) {
        model.Encode(enc, counts[h]);
        return counts[h];
    });
    EncodeUrnBits(enc, map.data(), 0, n, c);
    std::vector<uint32_t> present;
    std::vector<uint32_t> index(s, 0);
    for (uint32_t h = lo; h <= hi; ++h)
    {
        if (counts[h] != 0)
        {
            index[h] = static_cast<uint32_t>(present.size());
            present.push_back(counts[h]);
        }
    }
    Fenwick tree(present);
    for (uint32_t i = 0; i < c; ++i)
    {
        const uint32_t j = index[symbols[i]];
        enc.Encode(tree.Prefix(j), present[j], c - i);
        --present[j];
        tree.Add(j, -1);
    }
    return true;
}

void
DecodeCells(RangeDecoder& dec,
            const FilterShape& shape,
            uint32_t n,
            uint8_t* raw,
            const CellAlphabet& alphabet)
{
    const uint32_t b = shape.slotBits;
    const uint32_t s = alphabet.Size();
    if (n == 0)
    {
        return;
    }
    const uint32_t lo = dec.DecodeCount(s);
    if (lo == s)
    {
        return;
    }
    const uint32_t hi = n > 1 ? lo + dec.DecodeCount(s - 1 - lo) : lo;
    std::vector<uint32_t> counts;  // of the symbols present
    std::vector<uint32_t> present; // their symbols
    uint32_t c = 0;
    WalkCellCounts(shape, n, lo, hi, [&](CellCountModel& model, uint32_t h) {
        const uint32_t count = model.Decode(dec);
        if (count != 0)
        {
            counts.push_back(count);
            present.push_back(h);
        }
        c += count;
        return count;
    });
    std::vector<uint8_t> map((n + 7) / 8, 0);
    DecodeUrnBits(dec, map.data(), 0, n, c);
    Fenwick tree(counts);
    uint32_t cell = 0;
    for (uint32_t i = 0; i < c; ++i, ++cell)
    {
        const uint32_t total = c - i;
        const size_t j = tree.Find(dec.Target(total));
        dec.Consume(tree.Prefix(j), counts[j], total);
        --counts[j];
        tree.Add(j, -1);
        while (!Bit(map.data(), cell))
        {
            ++cell;
        }
        PutField(raw, uint64_t{cell} * b, b, alphabet.Value(present[j]));
    }
}

// ------------------------------------------------------------ entries

/// Golomb-code x in 0..span, parameter from the r ids left to place in span + 1 values.
void
EncodeGap(RangeEncoder& enc, uint32_t x, uint32_t span, uint32_t r)
{
    const uint64_t m = std::max<uint64_t>(1, (uint64_t{span} + 1) * 709 / (uint64_t{1024} * r));
    const auto quotient = static_cast<uint32_t>(x / m);
    const auto last = static_cast<uint32_t>(span / m);
    for (uint32_t q = 0; q < quotient; ++q)
    {
        enc.Encode(1, 1, 2);
    }
    if (quotient < last)
    {
        enc.Encode(0, 1, 2);
    }
    const uint64_t count = quotient == last ? span - uint64_t{last} * m + 1 : m;
    enc.EncodeUniform(static_cast<uint32_t>(x - quotient * m), static_cast<uint32_t>(count));
}

uint32_t
DecodeGap(RangeDecoder& dec, uint32_t span, uint32_t r)
{
    const uint64_t m = std::max<uint64_t>(1, (uint64_t{span} + 1) * 709 / (uint64_t{1024} * r));
    const auto last = static_cast<uint32_t>(span / m);
    uint32_t quotient = 0;
    while (quotient < last && dec.DecodeUniform(2) == 1)
    {
        ++quotient;
    }
    const uint64_t count = quotient == last ? span - uint64_t{last} * m + 1 : m;
    return static_cast<uint32_t>(quotient * m + dec.DecodeUniform(static_cast<uint32_t>(count)));
}

/**
 * DV entries in canonical order (by hops, then id): the first hop count
 * (uniform), each next one as "same or up" (KT bits) and, when up, the step
 * (EncodeCount); then the ids of each run of equal hops, ascending, as
 * Golomb-coded gaps.  False when the entries are not canonical.
 */
bool
EncodeEntries(RangeEncoder& enc, const FilterShape& shape, uint32_t n, const uint8_t* raw)
{
    const uint32_t w = shape.hashes;
    const uint32_t b = shape.slotBits;
    const uint32_t idMask = (1U << w) - 1;
    const uint32_t hopMax = (1U << (b - w)) - 1;
    std::vector<uint32_t> ids(n);
    std::vector<uint32_t> hops(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint32_t v = Field(raw, uint64_t{i} * b, b);
        ids[i] = v & idMask;
        hops[i] = v >> w;
        if (ids[i] == 0 ||
            (i > 0 && (hops[i] < hops[i - 1] || (hops[i] == hops[i - 1] && ids[i] <= ids[i - 1]))))
        {
            return false;
        }
    }
    if (n == 0)
    {
        return true;
    }
    enc.EncodeUniform(hops[0], hopMax + 1);
    uint32_t ups = 0;
    uint32_t sames = 0;
    for (uint32_t i = 1; i < n; ++i)
    {
        const uint32_t prev = hops[i - 1];
        if (prev == hopMax)
        {
            continue;
        }
        const bool up = hops[i] > prev;
        enc.EncodeKtBit(up, ups, sames);
        ++(up ? ups : sames);
        if (up)
        {
            enc.EncodeCount(hops[i] - prev - 1, hopMax - prev - 1);
        }
    }
    for (uint32_t start = 0; start < n;)
    {
        uint32_t end = start + 1;
        while (end < n && hops[end] == hops[start])
        {
            ++end;
        }
        uint32_t prev = 0;
        for (uint32_t i = start; i < end; ++i)
        {
            const uint32_t r = end - i;
            const uint32_t span = idMask - (r - 1) - prev - 1;
            EncodeGap(enc, ids[i] - prev - 1, span, r);
            prev = ids[i];
        }
        start = end;
    }
    return true;
}

void
DecodeEntries(RangeDecoder& dec, const FilterShape& shape, uint32_t n, uint8_t* raw)
{
    if (n == 0)
    {
        return;
    }
    const uint32_t w = shape.hashes;
    const uint32_t b = shape.slotBits;
    const uint32_t idMask = (1U << w) - 1;
    const uint32_t hopMax = (1U << (b - w)) - 1;
    std::vector<uint32_t> hops(n);
    hops[0] = dec.DecodeUniform(hopMax + 1);
    uint32_t ups = 0;
    uint32_t sames = 0;
    for (uint32_t i = 1; i < n; ++i)
    {
        const uint32_t prev = hops[i - 1];
        hops[i] = prev;
        if (prev == hopMax)
        {
            continue;
        }
        const bool up = dec.DecodeKtBit(ups, sames);
        ++(up ? ups : sames);
        if (up)
        {
            hops[i] = prev + 1 + dec.DecodeCount(hopMax - prev - 1);
        }
    }
    for (uint32_t start = 0; start < n;)
    {
        uint32_t end = start + 1;
        while (end < n && hops[end] == hops[start])
        {
            ++end;
        }
        if (end - start > idMask)
        {
            throw DecodeError("coded entries: " + std::to_string(end - start) + " ids of " +
                              std::to_string(w) + " bits at one hop count");
        }
        uint32_t prev = 0;
        for (uint32_t i = start; i < end; ++i)
        {
            const uint32_t r = end - i;
            const uint32_t span = idMask - (r - 1) - prev - 1;
            const uint32_t id = prev + 1 + DecodeGap(dec, span, r);
            PutField(raw, uint64_t{i} * b, b, id | hops[i] << w);
            prev = id;
        }
        start = end;
    }
}

/// SplitMix64's output function (a bijective 64-bit mix).
uint64_t
Mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/**
 * The top 4 bits of a SplitMix64 chain over b, the number of values and at
 * most 16 of them, evenly spaced (first and last included): constant time,
 * so that every node's policy can make its alphabet even for chains of
 * 65,535 values.
 */
uint8_t
FingerprintOf(uint32_t bits, const std::vector<uint16_t>& values)
{
    uint64_t h = Mix(bits);
    h = Mix(h ^ values.size());
    const size_t last = values.size() - 1;
    const size_t samples = std::min<size_t>(values.size(), 16);
    for (size_t i = 0; i < samples; ++i)
    {
        h = Mix(h ^ values[samples == 1 ? 0 : i * last / (samples - 1)]);
    }
    return static_cast<uint8_t>(h >> 60);
}

} // namespace

std::string
ToString(Codec codec)
{
    return codec == Codec::ENTROPY ? "entropy" : "none";
}

Codec
ParseCodec(const std::string& name)
{
    return ParseName(name, {Codec::NONE, Codec::ENTROPY});
}

std::string
ToString(SlotCoding coding)
{
    switch (coding)
    {
    case SlotCoding::RAW:
        return "raw";
    case SlotCoding::BITS:
        return "bits";
    case SlotCoding::CELLS:
        return "cells";
    case SlotCoding::ENTRIES:
        return "entries";
    }
    return "unknown";
}

CellAlphabet::CellAlphabet(uint32_t cellBits, std::shared_ptr<const std::vector<uint16_t>> values)
    : CellAlphabet(cellBits, std::move(values), Checked{})
{
    CheckCellBits(cellBits);
    for (size_t i = 0; i < m_values->size(); ++i)
    {
        const uint32_t v = (*m_values)[i];
        if (v == 0 || v >> cellBits != 0 || (i > 0 && v >= (*m_values)[i - 1]))
        {
            throw std::invalid_argument("cell alphabet: values must be non-zero, below 2^b and "
                                        "strictly decreasing");
        }
    }
}

CellAlphabet::CellAlphabet(uint32_t cellBits,
                           std::shared_ptr<const std::vector<uint16_t>> values,
                           Checked)
    : m_bits(cellBits),
      m_values(std::move(values)),
      m_fingerprint(0)
{
    if (!m_values || m_values->empty())
    {
        throw std::invalid_argument("cell alphabet: no values");
    }
    m_fingerprint = FingerprintOf(cellBits, *m_values);
}

CellAlphabet
CellAlphabet::FromDecay(const LbfDecay& decay)
{
    // A decay's chain is strictly decreasing from 2^b - 1 and non-zero.
    return CellAlphabet(decay.GetCellBits(), decay.SharedChain(), Checked{});
}

std::optional<uint32_t>
CellAlphabet::Symbol(uint32_t value) const
{
    // Strictly decreasing: the first value not above `value`.
    const auto it =
        std::lower_bound(m_values->begin(), m_values->end(), value, [](uint16_t a, uint32_t v) {
            return a > v;
        });
    if (it == m_values->end() || *it != value)
    {
        return std::nullopt;
    }
    return static_cast<uint32_t>(it - m_values->begin());
}

SlotCoding
EntropyCoding(const FilterShape& shape)
{
    const FilterTraits* traits = GetFilterTraits(shape.kind);
    if (traits != nullptr && traits->entrySlots)
    {
        return SlotCoding::ENTRIES;
    }
    if (traits != nullptr && traits->cellSlots)
    {
        return SlotCoding::CELLS;
    }
    return SlotCoding::BITS;
}

uint8_t
CodecByte(SlotCoding coding, const CellAlphabet* alphabet)
{
    const uint8_t high =
        coding == SlotCoding::CELLS && alphabet != nullptr ? alphabet->Fingerprint() : 0;
    return static_cast<uint8_t>(static_cast<uint8_t>(coding) | high << 4);
}

bool
AppendSlotsAs(SlotCoding coding,
              const FilterShape& shape,
              uint32_t n,
              const uint8_t* raw,
              const CellAlphabet* alphabet,
              std::vector<uint8_t>& out)
{
    if (coding == SlotCoding::RAW)
    {
        const uint64_t bits = uint64_t{n} * shape.slotBits;
        out.insert(out.end(), raw, raw + WireBytes(n, shape.slotBits));
        if (bits % 8 != 0)
        {
            out.back() &= static_cast<uint8_t>((1U << (bits % 8)) - 1); // zero padding
        }
        return true;
    }
    if (coding != EntropyCoding(shape))
    {
        return false;
    }
    RangeEncoder enc;
    switch (coding)
    {
    case SlotCoding::BITS:
        EncodeBits(enc, shape, n, raw);
        break;
    case SlotCoding::CELLS:
        if (alphabet == nullptr || alphabet->GetCellBits() != shape.slotBits ||
            !EncodeCells(enc, shape, n, raw, *alphabet))
        {
            return false;
        }
        break;
    case SlotCoding::ENTRIES:
        if (!EncodeEntries(enc, shape, n, raw))
        {
            return false;
        }
        break;
    default:
        return false;
    }
    enc.Finish(out);
    return true;
}

double
CellCountBits(const FilterShape& shape, uint32_t n, const std::vector<uint32_t>& counts)
{
    const auto s = static_cast<uint32_t>(counts.size());
    uint64_t c = 0;
    for (const uint32_t count : counts)
    {
        c += count;
    }
    if (c > n)
    {
        throw std::invalid_argument("cell counts: " + std::to_string(c) + " cells in a range of " +
                                    std::to_string(n));
    }
    if (n == 0 || s == 0)
    {
        return 0;
    }
    const auto [lo, hi] = PresentSpan(counts);
    double bits = RangeEncoder::CountBits(lo, s);
    if (lo == s)
    {
        return bits;
    }
    bits += n > 1 ? RangeEncoder::CountBits(hi - lo, s - 1 - lo) : 0.0;
    WalkCellCounts(shape, n, lo, hi, [&](CellCountModel& model, uint32_t h) {
        bits += model.Bits(counts[h]);
        return counts[h];
    });
    return bits;
}

size_t
AppendCodedSlots(const FilterShape& shape,
                 uint32_t n,
                 const uint8_t* raw,
                 const CellAlphabet* alphabet,
                 std::vector<uint8_t>& out)
{
    const size_t start = out.size();
    const uint64_t rawBytes = WireBytes(n, shape.slotBits);
    const SlotCoding coding = EntropyCoding(shape);
    out.push_back(CodecByte(coding, alphabet));
    if (AppendSlotsAs(coding, shape, n, raw, alphabet, out) && out.size() - start - 1 < rawBytes)
    {
        return out.size() - start;
    }
    out.resize(start);
    out.push_back(CodecByte(SlotCoding::RAW, nullptr));
    AppendSlotsAs(SlotCoding::RAW, shape, n, raw, nullptr, out);
    return out.size() - start;
}

void
CheckCodecByte(const FilterShape& shape, uint8_t codecByte)
{
    const auto coding = static_cast<SlotCoding>(codecByte & 0x0FU);
    if (static_cast<uint8_t>(coding) > static_cast<uint8_t>(SlotCoding::ENTRIES))
    {
        throw DecodeError("unknown slot coding " + std::to_string(codecByte & 0x0FU));
    }
    if (coding != SlotCoding::RAW && coding != EntropyCoding(shape))
    {
        throw DecodeError("slot coding " + ToString(coding) + " is not for " +
                          ToString(shape.kind));
    }
    if (codecByte > 0x0F && coding != SlotCoding::CELLS)
    {
        throw DecodeError("codec byte " + std::to_string(codecByte) + ": flags on " +
                          ToString(coding) + " slots");
    }
}

void
DecodeCodedSlots(const FilterShape& shape,
                 uint32_t n,
                 uint8_t codecByte,
                 const uint8_t* data,
                 size_t size,
                 const CellAlphabet* alphabet,
                 std::vector<uint8_t>& raw)
{
    CheckCodecByte(shape, codecByte);
    const auto coding = static_cast<SlotCoding>(codecByte & 0x0FU);
    const uint8_t high = codecByte >> 4;
    const uint64_t rawBytes = WireBytes(n, shape.slotBits);
    if (coding == SlotCoding::RAW)
    {
        if (size != rawBytes)
        {
            throw DecodeError("raw slots have " + std::to_string(size) + " bytes, expected " +
                              std::to_string(rawBytes));
        }
        CheckPadding(data, uint64_t{n} * shape.slotBits, "coded segment");
        raw.assign(data, data + size);
        return;
    }
    if (coding == SlotCoding::CELLS &&
        (alphabet == nullptr || alphabet->GetCellBits() != shape.slotBits))
    {
        throw DecodeError("coded cells of b=" + std::to_string(shape.slotBits) +
                          ": no cell alphabet of that width here");
    }
    if (coding == SlotCoding::CELLS && high != alphabet->Fingerprint())
    {
        throw DecodeError("coded cells: alphabet fingerprint " + std::to_string(high) +
                          ", this node's is " + std::to_string(alphabet->Fingerprint()) +
                          " (another LBF decay)");
    }
    raw.assign(rawBytes, 0);
    RangeDecoder dec(data, size);
    switch (coding)
    {
    case SlotCoding::BITS:
        DecodeBits(dec, shape, n, raw.data());
        break;
    case SlotCoding::CELLS:
        DecodeCells(dec, shape, n, raw.data(), *alphabet);
        break;
    default:
        DecodeEntries(dec, shape, n, raw.data());
        break;
    }
    dec.Finish();
}

} // namespace bloom
} // namespace ns3
