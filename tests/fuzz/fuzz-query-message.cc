/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * libFuzzer target: bloom::DecodeQuery, bloom::DecodeReply and
 * bloom::SplitCarriedFilter (query-message.h), the decoders of every
 * received query and reply frame and of a carried filter's trailer.
 * Properties: every rejection is a DecodeError; an accepted message is
 * consistent (hops <= TTL, visited list without duplicates or reserved
 * addresses, reply hops >= 1) and re-encodes to exactly the input bytes; a
 * split frame joins back (AppendCarriedFilter) to exactly the input bytes.
 *
 * The decoders read the strategy registry (query-strategy.h), which the
 * strategies' ns-3 files fill; this target links no ns-3, so it registers
 * the shapes of the module's four strategies itself (as their
 * Registration() functions do), plus a plug-in with strategy bytes.
 */
#include "fuzz-common.h"
#include "query-message.h"

#include <algorithm>
#include <set>

using namespace ns3::bloom;

namespace
{

QueryStrategyInfo
Shape(uint8_t code, const char* name, QuerySearchShape search)
{
    QueryStrategyInfo info;
    info.code = static_cast<QueryStrategy>(code);
    info.name = name;
    info.search = search;
    return info;
}

const bool g_registered = [] {
    QuerySearchShape gradient;
    gradient.backtrack = true;
    gradient.visitedList = true;
    gradient.expiredReply = true;
    QuerySearchShape ring;
    ring.rounds = true;
    QuerySearchShape plugin;
    plugin.extraBytes = 2;
    plugin.messageType = 0x30; // neither bit 7 (carried filter) nor bit 6 (padded frame)
    RegisterQueryStrategy(Shape(1, "gradient", gradient));
    RegisterQueryStrategy(Shape(2, "flood", {}));
    RegisterQueryStrategy(Shape(3, "ring", ring));
    RegisterQueryStrategy(Shape(4, "blind-flood", {}));
    RegisterQueryStrategy(Shape(200, "plug-in", plugin));
    return true;
}();

void
FuzzQuery(const uint8_t* data, size_t size)
{
    QueryMessage q;
    try
    {
        q = DecodeQuery(data, size);
    }
    catch (const DecodeError&)
    {
        return;
    }
    FUZZ_CHECK(q.ttl >= 1 && q.hops <= q.ttl);
    FUZZ_CHECK(q.round <= kMaxRingRound);
    FUZZ_CHECK(q.extra.size() == FindQueryStrategy(q.strategy)->search.extraBytes);
    FUZZ_CHECK(q.id.origin != 0xFFFF && q.id.origin != 0xFFFE);
    std::set<uint16_t> seen;
    for (uint16_t v : q.visited)
    {
        FUZZ_CHECK(v != 0xFFFF && v != 0xFFFE);
        FUZZ_CHECK(seen.insert(v).second);
    }
    const std::vector<uint8_t> again = EncodeQuery(q);
    FUZZ_CHECK(again.size() == size && std::equal(again.begin(), again.end(), data));
    FUZZ_CHECK(DecodeQuery(again.data(), again.size()) == q);
}

void
FuzzReply(const uint8_t* data, size_t size)
{
    ReplyMessage r;
    try
    {
        r = DecodeReply(data, size);
    }
    catch (const DecodeError&)
    {
        return;
    }
    FUZZ_CHECK(size == kReplySize);
    FUZZ_CHECK(r.replyHops >= 1);
    const std::vector<uint8_t> again = EncodeReply(r);
    FUZZ_CHECK(again.size() == size && std::equal(again.begin(), again.end(), data));
    FUZZ_CHECK(DecodeReply(again.data(), again.size()) == r);
}

void
FuzzCarried(const uint8_t* data, size_t size)
{
    CarriedFrame c;
    try
    {
        c = SplitCarriedFilter(data, size);
    }
    catch (const DecodeError&)
    {
        FUZZ_CHECK(CarriesFilter(data, size));
        return;
    }
    if (!CarriesFilter(data, size))
    {
        FUZZ_CHECK(c.filter.empty() && c.message.size() == size &&
                   std::equal(c.message.begin(), c.message.end(), data));
        return;
    }
    FUZZ_CHECK(!c.filter.empty() && c.message.size() >= 2);
    FUZZ_CHECK(!CarriesFilter(c.message.data(), c.message.size()));
    const std::vector<uint8_t> again = AppendCarriedFilter(c.message, c.filter);
    FUZZ_CHECK(again.size() == size && std::equal(again.begin(), again.end(), data));
}

} // namespace

namespace fuzz
{
std::vector<std::vector<uint8_t>>
Seeds()
{
    std::vector<std::vector<uint8_t>> seeds;
    QueryMessage q;
    q.id.origin = 7;
    q.id.sequence = 3;
    q.keyHash = 0x0123456789ABCDEFULL;
    q.ttl = 20;
    q.hops = 4;
    q.visited = {1, 2, 3, 9};
    seeds.push_back(EncodeQuery(q));
    q.backtrack = true;
    seeds.push_back(EncodeQuery(q));
    q.strategy = QueryStrategy::RING;
    q.backtrack = false;
    q.visited.clear();
    q.round = 2;
    seeds.push_back(EncodeQuery(q));
    q.strategy = static_cast<QueryStrategy>(200);
    q.round = 0;
    q.extra = {7, 9};
    seeds.push_back(EncodeQuery(q));
    ReplyMessage r;
    r.id = q.id;
    r.keyHash = q.keyHash;
    r.responder = 12;
    r.queryHops = 5;
    r.replyHops = 2;
    seeds.push_back(EncodeReply(r));
    r.status = ReplyStatus::TTL_EXPIRED;
    seeds.push_back(EncodeReply(r));
    seeds.push_back(AppendCarriedFilter(EncodeReply(r), {1, 2, 3}));
    return seeds;
}
} // namespace fuzz

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // Both decoders see every input: each must reject what is not its own.
    FuzzQuery(data, size);
    FuzzReply(data, size);
    FuzzCarried(data, size);
    return 0;
}
