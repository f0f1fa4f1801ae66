/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * libFuzzer target: bloom::Decode / ParseHeader (filter-codec.h) on
 * arbitrary bytes.  Properties: every rejection is a DecodeError; a parsed
 * header re-encodes to the same 10 bytes; whatever decodes re-encodes to the
 * same bytes (one canonical encoding) and has the header's shape; the
 * decoded filter survives what a node does with a neighbour's filter (its
 * variant's FilterPolicy::Build, queries, merges) with the algebraic laws
 * that must hold.
 */
#include "abf-policy.h"
#include "bf-policy.h"
#include "dv-policy.h"
#include "filter-codec.h"
#include "fuzz-common.h"
#include "lbf-policy.h"
#include "sdbf-policy.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

using namespace ns3::bloom;

namespace
{

std::vector<uint64_t>
SomeIds()
{
    return {1, 2, 77, 123456};
}

std::vector<Key>
SomeKeys()
{
    std::vector<Key> keys;
    for (uint64_t id : SomeIds())
    {
        keys.push_back(Key::FromId(id));
    }
    return keys;
}

void
Exercise(const BloomFilter& f)
{
    BloomFilter u = f;
    u.Union(f);
    FUZZ_CHECK(u == f); // idempotent
    const double fill = f.Fill();
    FUZZ_CHECK(fill >= 0 && fill <= 1);
    const double fpr = f.EstimatedFpr();
    FUZZ_CHECK(fpr >= 0 && fpr <= 1);
    FUZZ_CHECK(!(f.EstimatedCardinality() < 0));
    BfPolicy policy(f.GetBits(), f.GetHashes());
    const AnyFilter neighbour = f;
    const AnyFilter built = policy.Build(SomeIds(), {&neighbour});
    for (const Key& key : SomeKeys())
    {
        FUZZ_CHECK(policy.Contains(built, key)); // own keys are always found
        (void)f.Contains(key);
    }
}

void
Exercise(const LinearBloomFilter& f, bool subtractive)
{
    LinearBloomFilter m = f;
    m.Merge(f);
    FUZZ_CHECK(m == f); // idempotent
    // Decays precompute a chain of 2^b values: built once per (rule, b).
    static std::optional<LbfDecay> decays[2][kMaxCellBits + 1];
    std::optional<LbfDecay>& cached = decays[subtractive ? 1 : 0][f.GetCellBits()];
    if (!cached)
    {
        cached = subtractive ? LbfDecay::Subtractive(1, f.GetCellBits())
                             : LbfDecay::Multiplicative(0.9, f.GetCellBits());
    }
    const LbfDecay& decay = *cached;
    LinearBloomFilter a = f;
    a.MergeAttenuated(f, decay);
    FUZZ_CHECK(a == f); // max(x, decay(x)) = x
    for (const Key& key : SomeKeys())
    {
        const double c = f.Query(key);
        FUZZ_CHECK(c >= 0 && c <= 1);
        (void)f.EstimateHops(key, decay);
    }
    const double occupancy = f.OccupancyBits();
    FUZZ_CHECK(occupancy >= 0 && occupancy <= 1);
    LbfPolicy policy(f.GetCells(), f.GetCellBits(), f.GetHashes(), f.GetQuantization(), decay);
    const AnyFilter neighbour = f;
    const AnyFilter built = policy.Build(SomeIds(), {&neighbour});
    for (const Key& key : SomeKeys())
    {
        FUZZ_CHECK(policy.EstimateHops(built, key) == std::optional<uint32_t>(0));
    }
}

void
Exercise(const AttenuatedBloomFilter& f)
{
    AttenuatedBloomFilter m = f;
    m.Merge(f);
    FUZZ_CHECK(m == f);
    AttenuatedBloomFilter s = f;
    s.MergeShifted(f);
    for (const Key& key : SomeKeys())
    {
        const auto h = f.EstimateHops(key);
        FUZZ_CHECK(!h || *h < f.GetDepth());
        FUZZ_CHECK(h.has_value() == f.Contains(key));
    }
    AbfPolicy policy(f.GetDepth(), f.GetBits(), f.GetHashes());
    const AnyFilter neighbour = f;
    const AnyFilter built = policy.Build(SomeIds(), {&neighbour});
    for (const Key& key : SomeKeys())
    {
        FUZZ_CHECK(policy.EstimateHops(built, key) == std::optional<uint32_t>(0));
    }
}

void
Exercise(const ScopeDecayBloomFilter& f, uint8_t salt)
{
    ScopeDecayBloomFilter u = f;
    u.Union(f);
    FUZZ_CHECK(u == f); // idempotent
    // A keep mask from the input's last byte: the masked merge only adds bits
    // of f, and is idempotent.
    PackedBits keep(f.GetBits());
    for (uint32_t i = 0; i < f.GetBits(); ++i)
    {
        if (((i * 2654435761U) >> 3 ^ salt) & 1U)
        {
            keep.SetBit(i);
        }
    }
    ScopeDecayBloomFilter m(f.GetBits(), f.GetHashes());
    m.MergeMasked(f, keep);
    FUZZ_CHECK(m.MaskedSubsetOf(f, keep));
    FUZZ_CHECK(!m.MergeMasked(f, keep));
    FUZZ_CHECK(m.Bits().IsSubsetOf(f.Bits()));
    const uint32_t minCount = 1 + salt % f.GetHashes();
    const auto estimator = (salt & 0x80) != 0 ? SdbfEstimator::RATIO : SdbfEstimator::MLE;
    SdbfPolicy policy(f.GetBits(), f.GetHashes(), 0.2, keep, minCount, estimator);
    const AnyFilter neighbour = f;
    const AnyFilter built = policy.Build(SomeIds(), {&neighbour});
    for (const Key& key : SomeKeys())
    {
        FUZZ_CHECK(policy.EstimateHops(built, key) == std::optional<uint32_t>(0)); // own keys
        const uint32_t c = f.Count(key);
        FUZZ_CHECK(c <= f.GetHashes());
        const auto h = policy.EstimateHops(neighbour, key);
        FUZZ_CHECK(h.has_value() == (c >= minCount));
        FUZZ_CHECK(!h || *h <= policy.Reach());
    }
}

void
Exercise(const DistanceVector& f, uint8_t salt)
{
    const std::vector<DvEntry> entries = f.Entries();
    FUZZ_CHECK(entries.size() <= f.GetCount()); // zero slots are empty
    for (const DvEntry& e : entries)
    {
        FUZZ_CHECK(e.id != 0 && e.id >> f.GetIdBits() == 0);
        FUZZ_CHECK(e.hops >> (f.GetEntryBits() - f.GetIdBits()) == 0);
        const auto h = f.FindHops(Key::FromId(e.id).GetHash());
        FUZZ_CHECK(h && *h <= e.hops);
    }
    // A policy of the decoded widths (its horizon within the hop bits).
    const uint32_t hopBits = f.GetEntryBits() - f.GetIdBits();
    const uint32_t half = 1U << (hopBits - 1); // a horizon of exactly hopBits bits
    const uint32_t horizon = hopBits == 1 ? 1 : half + salt % half;
    if (f.GetIdBits() < 17)
    {
        return; // SomeIds() do not fit
    }
    const uint32_t bytes = 1 + salt * 7U;
    if (!DvPolicy::Check(bytes, horizon, f.GetIdBits()).empty())
    {
        return;
    }
    DvPolicy policy(bytes, horizon, f.GetIdBits());
    const AnyFilter neighbour = f;
    const AnyFilter built = policy.Build(SomeIds(), {&neighbour});
    const auto& table = std::get<DistanceVector>(built);
    FUZZ_CHECK(table.GetCount() <= policy.GetCapacity());
    FUZZ_CHECK(policy.Accepts(ShapeOf(table)));
    FUZZ_CHECK(DistanceVector::FromEntries(table.Entries(), f.GetIdBits(), f.GetEntryBits()) ==
               table); // canonical
    const std::vector<DvEntry> kept = table.Entries();
    for (size_t i = 0; i < kept.size(); ++i)
    {
        FUZZ_CHECK(kept[i].hops <= horizon);
        FUZZ_CHECK(i == 0 || kept[i - 1].hops < kept[i].hops ||
                   (kept[i - 1].hops == kept[i].hops && kept[i - 1].id < kept[i].id));
    }
    for (const DvEntry& e : entries)
    {
        // Relaxed: one hop more, unless cut by the horizon or the budget.
        const auto h = policy.EstimateHops(built, Key::FromId(e.id));
        FUZZ_CHECK(!h || *h <= e.hops + 1);
    }
    for (const Key& key : SomeKeys())
    {
        const auto h = policy.EstimateHops(built, key);
        FUZZ_CHECK(!h || *h == 0); // own resources, when the budget holds them
    }
    AnyFilter acc = policy.Build(SomeIds(), {});
    policy.Accumulate(acc, neighbour);
    FUZZ_CHECK(acc == built);
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    try
    {
        const FilterShape shape = ParseHeader(data, size);
        std::vector<uint8_t> header;
        AppendHeader(shape, header);
        FUZZ_CHECK(header.size() == kWireHeaderSize);
        FUZZ_CHECK(std::memcmp(header.data(), data, kWireHeaderSize) == 0);
        FUZZ_CHECK(shape.EncodedBytes() == kWireHeaderSize + shape.PayloadBytes());
    }
    catch (const DecodeError&)
    {
    }

    std::optional<AnyFilter> decoded;
    try
    {
        decoded = Decode(data, size);
    }
    catch (const DecodeError&)
    {
        return 0;
    }
    const AnyFilter& filter = *decoded;
    const std::vector<uint8_t> again = Encode(filter);
    FUZZ_CHECK(again.size() == size);
    FUZZ_CHECK(std::memcmp(again.data(), data, size) == 0);
    FUZZ_CHECK(ShapeOf(filter) == ParseHeader(data, size));
    FUZZ_CHECK(Decode(again) == filter);

    if (const auto* bf = std::get_if<BloomFilter>(&filter))
    {
        Exercise(*bf);
    }
    else if (const auto* lbf = std::get_if<LinearBloomFilter>(&filter))
    {
        Exercise(*lbf, (data[size - 1] & 1) != 0);
    }
    else if (const auto* sdbf = std::get_if<ScopeDecayBloomFilter>(&filter))
    {
        Exercise(*sdbf, data[size - 1]);
    }
    else if (const auto* dv = std::get_if<DistanceVector>(&filter))
    {
        Exercise(*dv, data[size - 1]);
    }
    else if (const auto* abf = std::get_if<AttenuatedBloomFilter>(&filter))
    {
        Exercise(*abf);
    }
    // A plug-in kind (PluginFilter) decodes only when one is registered: none here.
    return 0;
}

std::vector<std::vector<uint8_t>>
fuzz::Seeds()
{
    std::vector<std::vector<uint8_t>> seeds;
    const auto keys = SomeKeys();
    for (uint32_t m : {1U, 13U, 64U, 200U})
    {
        BloomFilter bf(m, 3);
        for (const Key& k : keys)
        {
            bf.Insert(k);
        }
        seeds.push_back(Encode(bf));
    }
    for (uint32_t b : {1U, 3U, 8U, 13U, 16U})
    {
        for (Quantization q : {Quantization::FLOOR, Quantization::CEIL, Quantization::ROUND})
        {
            LinearBloomFilter lbf(17, b, 4, q);
            double c = 1.0;
            for (const Key& k : keys)
            {
                lbf.Insert(k, c);
                c *= 0.7;
            }
            seeds.push_back(Encode(lbf));
        }
    }
    for (uint32_t d : {1U, 2U, 5U})
    {
        AttenuatedBloomFilter abf(d, 24, 2);
        for (uint32_t i = 0; i < keys.size(); ++i)
        {
            abf.Insert(keys[i], i % d);
        }
        seeds.push_back(Encode(abf));
    }
    for (uint32_t m : {1U, 40U, 333U})
    {
        ScopeDecayBloomFilter sdbf(m, 5);
        for (const Key& k : keys)
        {
            sdbf.Insert(k);
        }
        seeds.push_back(Encode(sdbf));
    }
    std::vector<DvEntry> table;
    for (uint32_t i = 1; i <= 40; ++i)
    {
        table.push_back({i * 37 % 1000 + 1, i / 3});
        const uint32_t hopBits = std::min(8U, DistanceVector::WidthOf(i / 3) + i % 3);
        seeds.push_back(Encode(DistanceVector::FromEntries(table, 17, 17 + hopBits)));
    }
    seeds.push_back(Encode(DistanceVector()));
    // Nearly valid: truncated, one byte too many, another version.
    std::vector<uint8_t> base = Encode(LinearBloomFilter(9, 5, 2, Quantization::FLOOR));
    seeds.emplace_back(base.begin(), base.end() - 1);
    seeds.push_back(base);
    seeds.back().push_back(0);
    seeds.push_back(base);
    seeds.back()[0] = 2;
    return seeds;
}
