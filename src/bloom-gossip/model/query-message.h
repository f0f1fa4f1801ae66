/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Wire format of resource queries and their replies.  Plain C++17, no ns-3
 * dependency.
 */
#ifndef BLOOM_GOSSIP_QUERY_MESSAGE_H
#define BLOOM_GOSSIP_QUERY_MESSAGE_H

#include "message-type.h"
#include "query-strategy.h"

#include "ns3/decode-error.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace ns3
{
namespace bloom
{

/// \ingroup bloom-gossip
/// Status of a reply.
enum class ReplyStatus : uint8_t
{
    FOUND = 0,       //!< the responder holds the key
    TTL_EXPIRED = 1, //!< a gradient walk used up its TTL at the responder
};

/// \ingroup bloom-gossip
/// Identity of a query: origin short address and the origin's sequence number.
struct QueryId
{
    uint16_t origin{0};   //!< short address of the origin
    uint16_t sequence{0}; //!< the origin's sequence number of the query

    /// \param o another id \return whether both fields are equal
    bool operator==(const QueryId& o) const
    {
        return origin == o.origin && sequence == o.sequence;
    }

    /// \param o another id \return whether a field differs
    bool operator!=(const QueryId& o) const
    {
        return !(*this == o);
    }

    /// \param o another id \return whether this id orders first (origin, then sequence)
    bool operator<(const QueryId& o) const
    {
        return std::tie(origin, sequence) < std::tie(o.origin, o.sequence);
    }
};

/// Bytes of a QUERY before its visited list.
constexpr size_t kQueryHeaderSize = 20;
/// Bytes of a REPLY (fixed size).
constexpr size_t kReplySize = 21;
/// Largest ring round number accepted on the wire.
constexpr uint8_t kMaxRingRound = 15;

/**
 * \ingroup bloom-gossip
 * \brief A QUERY message.  Wire layout (integers little-endian):
 *
 *     offset size field
 *     0      1    dispatch 0x3B (kGossipDispatch)
 *     1      1    type 2 (MessageType::QUERY)
 *     2      2    origin short address
 *     4      2    query sequence number (per origin)
 *     6      8    key hash (Key::GetHash, XXH3-64)
 *     14     1    strategy (QueryStrategy: a registered code; 1..4 built in)
 *     15     1    flags: bit 0 BACKTRACK (strategies whose search shape
 *                 allows it: gradient), other bits zero
 *     16     1    TTL: most transmissions of the query (1..255)
 *     17     1    hops: transmissions so far, this one included (<= TTL)
 *     18     1    ring round (shape with rounds, RING: 0..15; else 0)
 *     19     1    n, entries of the visited list (shape with a visited
 *                 list, gradient; else 0)
 *     20     2n   visited short addresses, oldest first, no duplicates
 *     20+2n  e    strategy bytes: exactly QuerySearchShape::extraBytes of
 *                 the strategy (0 for the four built-in strategies)
 *
 * What a strategy's searches may carry is its registered QuerySearchShape
 * (query-strategy.h); a code nobody registered is rejected.
 *
 * Short addresses 0xFFFF (broadcast) and 0xFFFE (none) are rejected as
 * origin or visited entry.  With the lr-wpan MTU of 114 bytes a frame holds
 * at most 47 visited entries (MaxVisitedEntries).
 */
struct QueryMessage
{
    QueryId id;
    uint64_t keyHash{0};
    QueryStrategy strategy{QueryStrategy::GRADIENT};
    bool backtrack{false};
    uint8_t ttl{1};
    uint8_t hops{0};
    uint8_t round{0};
    std::vector<uint16_t> visited;
    std::vector<uint8_t> extra; //!< strategy bytes (QuerySearchShape::extraBytes)

    /// \param o another message \return whether every field is equal
    bool operator==(const QueryMessage& o) const;
};

/**
 * \ingroup bloom-gossip
 * \brief A REPLY message, sent hop by hop back along the query's reverse
 * path.  Wire layout (integers little-endian), 21 bytes:
 *
 *     offset size field
 *     0      1    dispatch 0x3B
 *     1      1    type 3 (MessageType::REPLY)
 *     2      2    origin short address (of the query)
 *     4      2    query sequence number
 *     6      8    key hash
 *     14     1    strategy of the query (a registered code)
 *     15     1    status (ReplyStatus: 0 found, 1 TTL expired - strategies
 *                 whose shape allows it: gradient)
 *     16     2    responder short address (holder, or where the TTL ran out)
 *     18     1    query hops: transmissions of the query until the responder
 *     19     1    reply hops: transmissions of the reply so far, this one
 *                 included (>= 1)
 *     20     1    ring round of the query copy answered (RING; else 0)
 */
struct ReplyMessage
{
    QueryId id;
    uint64_t keyHash{0};
    QueryStrategy strategy{QueryStrategy::GRADIENT};
    ReplyStatus status{ReplyStatus::FOUND};
    uint16_t responder{0};
    uint8_t queryHops{0};
    uint8_t replyHops{1};
    uint8_t round{0};

    /// \param o another message \return whether every field is equal
    bool operator==(const ReplyMessage& o) const;
};

/**
 * \param frameBytes most bytes of one frame
 * \return the visited entries a QUERY frame of that size can carry (0..255)
 */
size_t MaxVisitedEntries(size_t frameBytes);

/**
 * Encode a query; throws std::invalid_argument on fields the decoder would
 * reject.
 * \param message the query
 * \return the frame
 */
std::vector<uint8_t> EncodeQuery(const QueryMessage& message);
/**
 * Decode a query; throws DecodeError on a wrong dispatch or type, truncated
 * or over-long input, unknown (unregistered) strategy or flags, TTL 0, hops
 * > TTL, a flag, round, visited list or strategy bytes the strategy's shape
 * does not allow, duplicate or reserved addresses.
 * \param data the frame
 * \param size its length in bytes
 * \return the query
 */
QueryMessage DecodeQuery(const uint8_t* data, size_t size);

/**
 * Encode a reply; throws std::invalid_argument on fields the decoder would
 * reject.
 * \param message the reply
 * \return the frame
 */
std::vector<uint8_t> EncodeReply(const ReplyMessage& message);
/**
 * Decode a reply; throws DecodeError on a wrong dispatch or type, a size
 * other than kReplySize, unknown (unregistered) strategy or status, a
 * status the strategy's shape does not allow, reply hops 0, a round the strategy does not allow, or
 * reserved addresses.
 * \param data the frame
 * \param size its length in bytes
 * \return the reply
 */
ReplyMessage DecodeReply(const uint8_t* data, size_t size);

/// Bytes of the length field that ends a frame carrying a filter.
constexpr size_t kCarriedLengthSize = 2;

/**
 * \ingroup bloom-gossip
 * A frame of the query application (query, reply or a strategy's own
 * message) and the filter it carries, split (SplitCarriedFilter).
 */
struct CarriedFrame
{
    std::vector<uint8_t> message; //!< the message as sent without filter (flag cleared)
    std::vector<uint8_t> filter;  //!< the carried filter's bytes; empty: none
};

/**
 * Append the sender's filter to a frame (learning from queries).  Wire
 * layout of the result:
 *
 *     offset size field
 *     0      1    dispatch 0x3B
 *     1      1    the message's type | kCarriedFilterFlag (0x80)
 *     2      s-2  the rest of the message, unchanged
 *     s      f    the filter, filter-codec encoding (filter/filter-codec.h)
 *     s+f    2    f, little-endian (>= 1)
 *
 * Throws std::invalid_argument on a frame that is not a bloom-gossip message
 * without the flag, or a filter of 0 or more than 65535 bytes.
 * \param frame an encoded message of s bytes
 * \param filter the encoded filter
 * \return the frame carrying the filter
 */
std::vector<uint8_t> AppendCarriedFilter(const std::vector<uint8_t>& frame,
                                         const std::vector<uint8_t>& filter);
/**
 * Split a frame into its message and carried filter; a frame without
 * kCarriedFilterFlag is returned whole with no filter.  The filter's bytes
 * are not decoded here (the receiver's gossip application does,
 * BloomGossipApplication::LearnFrom).  Throws DecodeError when the length
 * field is missing, 0, or leaves less than the dispatch and type bytes.
 * \param data the frame
 * \param size its length in bytes
 * \return the message and the filter's bytes
 */
CarriedFrame SplitCarriedFilter(const uint8_t* data, size_t size);

/// Bytes of the length field that ends a padded frame.
constexpr size_t kPaddingLengthSize = 2;

/**
 * Pad a frame of the query application to a fixed length (BCUN's
 * 1,000-byte packets: BloomQueryApplication's FrameBytes).  Wire layout of
 * the result, `size` bytes:
 *
 *     offset size field
 *     0      1    dispatch 0x3B
 *     1      1    the frame's type byte | kPaddedFlag (0x40)
 *     2      s-2  the rest of the frame, unchanged (a carried filter included)
 *     s      p-2  zeros
 *     size-2 2    p = size - s, little-endian (>= 2)
 *
 * A frame of more than size - 2 bytes is returned unchanged, without the
 * flag.  Throws std::invalid_argument on a frame that is not a bloom-gossip
 * frame or is already padded, or on a size above 65535.
 * \param frame a frame of s bytes (message, maybe with a carried filter)
 * \param size the length to pad to
 * \return the padded frame
 */
std::vector<uint8_t> PadFrame(const std::vector<uint8_t>& frame, size_t size);
/**
 * Remove the padding of a frame; a frame without kPaddedFlag is returned
 * whole.  Throws DecodeError when the length field is missing, below 2, or
 * leaves less than the dispatch and type bytes, or a padding byte is not 0.
 * \param data the frame
 * \param size its length in bytes
 * \return the frame as it was before PadFrame (flag cleared)
 */
std::vector<uint8_t> StripPadding(const uint8_t* data, size_t size);

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_QUERY_MESSAGE_H
