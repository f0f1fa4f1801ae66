/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lbf-decay.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace ns3
{
namespace bloom
{

LbfDecay::LbfDecay(uint32_t bits, std::vector<uint16_t> next, std::string description)
{
    // Intern: one Tables per (b, description, decay table) in the process.
    // The map holds weak references, so tables no decay uses any more are
    // freed; the mutex only guards construction (the tables are immutable).
    using TableKey = std::tuple<uint32_t, std::string, std::vector<uint16_t>>;
    static std::mutex mutex;
    static std::map<TableKey, std::weak_ptr<const Tables>> interned;
    std::lock_guard<std::mutex> lock(mutex);
    TableKey key{bits, std::move(description), std::move(next)};
    auto it = interned.find(key);
    if (it != interned.end())
    {
        m_tables = it->second.lock();
        if (m_tables)
        {
            return;
        }
        interned.erase(it);
    }
    m_tables = BuildTables(bits, std::get<2>(key), std::get<1>(key));
    interned.emplace(std::move(key), m_tables);
}

std::shared_ptr<const LbfDecay::Tables>
LbfDecay::BuildTables(uint32_t bits, std::vector<uint16_t> next, std::string description)
{
    auto t = std::make_shared<Tables>();
    t->bits = bits;
    t->description = std::move(description);
    t->next = std::move(next);
    const uint32_t top = (1U << bits) - 1;
    if (t->next[0] != 0)
    {
        // Cells past m and the unused high half of a byte-wide 4-bit cell
        // rely on it (see LinearBloomFilter::CellStride).
        throw std::invalid_argument("LBF decay must keep 0 at 0");
    }
    for (uint32_t v = 1; v <= top; ++v)
    {
        if (t->next[v] >= v)
        {
            throw std::invalid_argument("LBF decay must lower every non-zero value");
        }
    }
    for (uint32_t v = top; v > 0; v = t->next[v])
    {
        t->chain.push_back(static_cast<uint16_t>(v));
    }
    // chain is strictly decreasing; hopOf[q] = least h with chain[h] <= q.
    t->hopOf.assign(top + 1, 0);
    auto h = static_cast<uint32_t>(t->chain.size());
    for (uint32_t q = 0; q <= top; ++q)
    {
        while (h > 0 && t->chain[h - 1] <= q)
        {
            --h;
        }
        // Values below the last chain entry cannot come from the chain; they
        // read as the farthest visible distance.
        t->hopOf[q] = static_cast<uint16_t>(std::min<uint32_t>(h, t->chain.size() - 1));
    }
    if (bits <= 8 && 8 % bits == 0)
    {
        t->byteNext.resize(256);
        for (uint32_t byte = 0; byte < 256; ++byte)
        {
            uint32_t out = 0;
            for (uint32_t s = 0; s < 8; s += bits)
            {
                out |= static_cast<uint32_t>(t->next[(byte >> s) & top]) << s;
            }
            t->byteNext[byte] = static_cast<uint8_t>(out);
        }
    }
    if (bits == 4)
    {
        t->nibblePairNext.resize(256);
        for (uint32_t byte = 0; byte < 256; ++byte)
        {
            t->nibblePairNext[byte] =
                static_cast<uint16_t>(t->next[byte & 0xF] | (t->next[byte >> 4] << 8));
        }
    }
    return t;
}

LbfDecay
LbfDecay::Multiplicative(double factor, uint32_t bits)
{
    CheckCellBits(bits);
    if (!(factor > 0.0 && factor < 1.0))
    {
        throw std::invalid_argument("LBF attenuation factor a must lie in (0,1)");
    }
    const uint32_t top = (1U << bits) - 1;
    std::vector<uint16_t> next(top + 1);
    for (uint32_t q = 0; q <= top; ++q)
    {
        next[q] = static_cast<uint16_t>(std::floor(factor * q + 1e-9));
    }
    std::ostringstream os;
    os << "mul:" << factor;
    LbfDecay decay(bits, std::move(next), os.str());
    decay.m_factor = factor;
    return decay;
}

LbfDecay
LbfDecay::Subtractive(uint32_t delta, uint32_t bits)
{
    CheckCellBits(bits);
    const uint32_t top = (1U << bits) - 1;
    if (delta < 1 || delta > top)
    {
        throw std::invalid_argument("LBF decay step delta=" + std::to_string(delta) +
                                    " out of range 1.." + std::to_string(top));
    }
    std::vector<uint16_t> next(top + 1);
    for (uint32_t q = 0; q <= top; ++q)
    {
        next[q] = static_cast<uint16_t>(q > delta ? q - delta : 0);
    }
    LbfDecay decay(bits, std::move(next), "sub:" + std::to_string(delta));
    decay.m_step = delta;
    return decay;
}

std::string
LbfDecay::Describe() const
{
    return m_tables->description;
}

} // namespace bloom
} // namespace ns3
