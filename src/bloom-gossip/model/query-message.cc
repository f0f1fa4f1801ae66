/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "query-message.h"

#include "../filter/little-endian.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{
namespace bloom
{

namespace
{

constexpr uint8_t kFlagBacktrack = 0x01;
constexpr uint16_t kBroadcastShort = 0xFFFF;
constexpr uint16_t kNoShort = 0xFFFE;

bool
Reserved(uint16_t address)
{
    return address == kBroadcastShort || address == kNoShort;
}

/// The registered shape of a strategy's searches, or null.
const QuerySearchShape*
ShapeOf(uint8_t s)
{
    const QueryStrategyInfo* info = FindQueryStrategy(static_cast<QueryStrategy>(s));
    return info ? &info->search : nullptr;
}

/// Reason a query is invalid, or empty.
std::string
CheckQuery(const QueryMessage& m)
{
    const QuerySearchShape* shape = ShapeOf(static_cast<uint8_t>(m.strategy));
    if (!shape)
    {
        return "unknown query strategy " + std::to_string(static_cast<int>(m.strategy));
    }
    if (Reserved(m.id.origin))
    {
        return "reserved origin address";
    }
    if (m.ttl == 0)
    {
        return "query TTL 0";
    }
    if (m.hops > m.ttl)
    {
        return "query hops " + std::to_string(m.hops) + " > TTL " + std::to_string(m.ttl);
    }
    if (m.backtrack && !shape->backtrack)
    {
        return "backtrack flag on a " + ToString(m.strategy) + " query";
    }
    if (m.round != 0 && !shape->rounds)
    {
        return "ring round on a " + ToString(m.strategy) + " query";
    }
    if (m.round > kMaxRingRound)
    {
        return "ring round " + std::to_string(m.round) + " > " + std::to_string(kMaxRingRound);
    }
    if (!m.visited.empty() && !shape->visitedList)
    {
        return "visited list on a " + ToString(m.strategy) + " query";
    }
    if (m.extra.size() != shape->extraBytes)
    {
        return std::to_string(m.extra.size()) + " strategy bytes on a " + ToString(m.strategy) +
               " query, expected " + std::to_string(shape->extraBytes);
    }
    if (m.visited.size() > 255)
    {
        return "more than 255 visited entries";
    }
    for (size_t i = 0; i < m.visited.size(); ++i)
    {
        if (Reserved(m.visited[i]))
        {
            return "reserved address in the visited list";
        }
        if (std::find(m.visited.begin(), m.visited.begin() + i, m.visited[i]) !=
            m.visited.begin() + i)
        {
            return "duplicate address in the visited list";
        }
    }
    return {};
}

std::string
CheckReply(const ReplyMessage& m)
{
    const QuerySearchShape* shape = ShapeOf(static_cast<uint8_t>(m.strategy));
    if (!shape)
    {
        return "unknown query strategy " + std::to_string(static_cast<int>(m.strategy));
    }
    if (m.status != ReplyStatus::FOUND && m.status != ReplyStatus::TTL_EXPIRED)
    {
        return "unknown reply status " + std::to_string(static_cast<int>(m.status));
    }
    if (m.status == ReplyStatus::TTL_EXPIRED && !shape->expiredReply)
    {
        return "TTL-expired reply to a " + ToString(m.strategy) + " query";
    }
    if (Reserved(m.id.origin) || Reserved(m.responder))
    {
        return "reserved address in a reply";
    }
    if (m.replyHops == 0)
    {
        return "reply hops 0";
    }
    if (m.round != 0 && !shape->rounds)
    {
        return "ring round on a " + ToString(m.strategy) + " reply";
    }
    if (m.round > kMaxRingRound)
    {
        return "ring round " + std::to_string(m.round) + " > " + std::to_string(kMaxRingRound);
    }
    return {};
}

void
CheckHead(const uint8_t* data, size_t size, size_t minimum, MessageType type)
{
    if (data == nullptr || size < minimum)
    {
        throw DecodeError("truncated " +
                          std::string(type == MessageType::QUERY ? "query" : "reply") + " (" +
                          std::to_string(size) + " bytes)");
    }
    if (data[0] != kGossipDispatch)
    {
        throw DecodeError("not a bloom-gossip frame (dispatch " + std::to_string(data[0]) + ")");
    }
    if (data[1] != static_cast<uint8_t>(type))
    {
        throw DecodeError("message type " + std::to_string(data[1]) + ", expected " +
                          std::to_string(static_cast<int>(type)));
    }
}

} // namespace

bool
QueryMessage::operator==(const QueryMessage& o) const
{
    return id == o.id && keyHash == o.keyHash && strategy == o.strategy &&
           backtrack == o.backtrack && ttl == o.ttl && hops == o.hops && round == o.round &&
           visited == o.visited && extra == o.extra;
}

bool
ReplyMessage::operator==(const ReplyMessage& o) const
{
    return id == o.id && keyHash == o.keyHash && strategy == o.strategy && status == o.status &&
           responder == o.responder && queryHops == o.queryHops && replyHops == o.replyHops &&
           round == o.round;
}

size_t
MaxVisitedEntries(size_t frameBytes)
{
    if (frameBytes <= kQueryHeaderSize)
    {
        return 0;
    }
    return std::min<size_t>(255, (frameBytes - kQueryHeaderSize) / 2);
}

std::vector<uint8_t>
EncodeQuery(const QueryMessage& m)
{
    const std::string problem = CheckQuery(m);
    if (!problem.empty())
    {
        throw std::invalid_argument("EncodeQuery: " + problem);
    }
    std::vector<uint8_t> out;
    out.reserve(kQueryHeaderSize + 2 * m.visited.size() + m.extra.size());
    out.push_back(kGossipDispatch);
    out.push_back(static_cast<uint8_t>(MessageType::QUERY));
    AppendLittleEndian(out, m.id.origin, 2);
    AppendLittleEndian(out, m.id.sequence, 2);
    AppendLittleEndian(out, m.keyHash, 8);
    out.push_back(static_cast<uint8_t>(m.strategy));
    out.push_back(m.backtrack ? kFlagBacktrack : 0);
    out.push_back(m.ttl);
    out.push_back(m.hops);
    out.push_back(m.round);
    out.push_back(static_cast<uint8_t>(m.visited.size()));
    for (uint16_t a : m.visited)
    {
        AppendLittleEndian(out, a, 2);
    }
    out.insert(out.end(), m.extra.begin(), m.extra.end());
    return out;
}

QueryMessage
DecodeQuery(const uint8_t* data, size_t size)
{
    CheckHead(data, size, kQueryHeaderSize, MessageType::QUERY);
    QueryMessage m;
    m.id.origin = LoadLe16(data + 2);
    m.id.sequence = LoadLe16(data + 4);
    m.keyHash = LoadLe64(data + 6);
    const QuerySearchShape* shape = ShapeOf(data[14]);
    if (!shape)
    {
        throw DecodeError("unknown query strategy " + std::to_string(data[14]));
    }
    m.strategy = static_cast<QueryStrategy>(data[14]);
    if ((data[15] & ~kFlagBacktrack) != 0)
    {
        throw DecodeError("unknown query flags " + std::to_string(data[15]));
    }
    m.backtrack = (data[15] & kFlagBacktrack) != 0;
    m.ttl = data[16];
    m.hops = data[17];
    m.round = data[18];
    const size_t n = data[19];
    const size_t expected = kQueryHeaderSize + 2 * n + shape->extraBytes;
    if (size != expected)
    {
        throw DecodeError("query has " + std::to_string(size) + " bytes, expected " +
                          std::to_string(expected));
    }
    m.visited.reserve(n);
    for (size_t i = 0; i < n; ++i)
    {
        m.visited.push_back(LoadLe16(data + kQueryHeaderSize + 2 * i));
    }
    m.extra.assign(data + kQueryHeaderSize + 2 * n, data + size);
    const std::string problem = CheckQuery(m);
    if (!problem.empty())
    {
        throw DecodeError(problem);
    }
    return m;
}

std::vector<uint8_t>
EncodeReply(const ReplyMessage& m)
{
    const std::string problem = CheckReply(m);
    if (!problem.empty())
    {
        throw std::invalid_argument("EncodeReply: " + problem);
    }
    std::vector<uint8_t> out;
    out.reserve(kReplySize);
    out.push_back(kGossipDispatch);
    out.push_back(static_cast<uint8_t>(MessageType::REPLY));
    AppendLittleEndian(out, m.id.origin, 2);
    AppendLittleEndian(out, m.id.sequence, 2);
    AppendLittleEndian(out, m.keyHash, 8);
    out.push_back(static_cast<uint8_t>(m.strategy));
    out.push_back(static_cast<uint8_t>(m.status));
    AppendLittleEndian(out, m.responder, 2);
    out.push_back(m.queryHops);
    out.push_back(m.replyHops);
    out.push_back(m.round);
    return out;
}

ReplyMessage
DecodeReply(const uint8_t* data, size_t size)
{
    CheckHead(data, size, kReplySize, MessageType::REPLY);
    if (size != kReplySize)
    {
        throw DecodeError("reply has " + std::to_string(size) + " bytes, expected " +
                          std::to_string(kReplySize));
    }
    ReplyMessage m;
    m.id.origin = LoadLe16(data + 2);
    m.id.sequence = LoadLe16(data + 4);
    m.keyHash = LoadLe64(data + 6);
    if (!ShapeOf(data[14]))
    {
        throw DecodeError("unknown query strategy " + std::to_string(data[14]));
    }
    m.strategy = static_cast<QueryStrategy>(data[14]);
    if (data[15] > static_cast<uint8_t>(ReplyStatus::TTL_EXPIRED))
    {
        throw DecodeError("unknown reply status " + std::to_string(data[15]));
    }
    m.status = static_cast<ReplyStatus>(data[15]);
    m.responder = LoadLe16(data + 16);
    m.queryHops = data[18];
    m.replyHops = data[19];
    m.round = data[20];
    const std::string problem = CheckReply(m);
    if (!problem.empty())
    {
        throw DecodeError(problem);
    }
    return m;
}

std::vector<uint8_t>
AppendCarriedFilter(const std::vector<uint8_t>& frame, const std::vector<uint8_t>& filter)
{
    if (frame.size() < 2 || frame[0] != kGossipDispatch || (frame[1] & kCarriedFilterFlag) != 0)
    {
        throw std::invalid_argument("AppendCarriedFilter: not a bloom-gossip message");
    }
    if (filter.empty() || filter.size() > 0xFFFF)
    {
        throw std::invalid_argument("AppendCarriedFilter: a filter of " +
                                    std::to_string(filter.size()) + " bytes");
    }
    std::vector<uint8_t> out = frame;
    out.reserve(frame.size() + filter.size() + kCarriedLengthSize);
    out[1] |= kCarriedFilterFlag;
    out.insert(out.end(), filter.begin(), filter.end());
    AppendLittleEndian(out, filter.size(), kCarriedLengthSize);
    return out;
}

CarriedFrame
SplitCarriedFilter(const uint8_t* data, size_t size)
{
    CarriedFrame out;
    if (!CarriesFilter(data, size))
    {
        out.message.assign(data, data + size);
        return out;
    }
    if (size < 2 + kCarriedLengthSize)
    {
        throw DecodeError("carried filter: no length field (" + std::to_string(size) + " bytes)");
    }
    const size_t f = LoadLe16(data + size - kCarriedLengthSize);
    if (f == 0 || f > size - 2 - kCarriedLengthSize)
    {
        throw DecodeError("carried filter of " + std::to_string(f) + " bytes in a frame of " +
                          std::to_string(size));
    }
    const size_t s = size - kCarriedLengthSize - f;
    out.message.assign(data, data + s);
    out.message[1] &= static_cast<uint8_t>(~kCarriedFilterFlag);
    out.filter.assign(data + s, data + s + f);
    return out;
}

std::vector<uint8_t>
PadFrame(const std::vector<uint8_t>& frame, size_t size)
{
    if (frame.size() < 2 || frame[0] != kGossipDispatch || (frame[1] & kPaddedFlag) != 0)
    {
        throw std::invalid_argument("PadFrame: not a bloom-gossip frame without padding");
    }
    if (size > 0xFFFF)
    {
        throw std::invalid_argument("PadFrame: " + std::to_string(size) + " bytes");
    }
    if (frame.size() + kPaddingLengthSize > size)
    {
        return frame;
    }
    const size_t p = size - frame.size();
    std::vector<uint8_t> out = frame;
    out.reserve(size);
    out[1] |= kPaddedFlag;
    out.resize(size - kPaddingLengthSize, 0);
    AppendLittleEndian(out, p, kPaddingLengthSize);
    return out;
}

std::vector<uint8_t>
StripPadding(const uint8_t* data, size_t size)
{
    if (!IsPadded(data, size))
    {
        return std::vector<uint8_t>(data, data + size);
    }
    if (size < 2 + kPaddingLengthSize)
    {
        throw DecodeError("padding: no length field (" + std::to_string(size) + " bytes)");
    }
    const size_t p = LoadLe16(data + size - kPaddingLengthSize);
    if (p < kPaddingLengthSize || p > size - 2)
    {
        throw DecodeError("padding of " + std::to_string(p) + " bytes in a frame of " +
                          std::to_string(size));
    }
    const size_t s = size - p;
    if (std::any_of(data + s, data + size - kPaddingLengthSize, [](uint8_t b) { return b != 0; }))
    {
        throw DecodeError("padding bytes not 0");
    }
    std::vector<uint8_t> out(data, data + s);
    out[1] &= static_cast<uint8_t>(~kPaddedFlag);
    return out;
}

} // namespace bloom
} // namespace ns3
