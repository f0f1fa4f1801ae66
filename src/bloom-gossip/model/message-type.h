/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The first two bytes every bloom-gossip frame starts with: a dispatch byte
 * and the message type.  Plain C++17, no ns-3 dependency.
 */
#ifndef BLOOM_GOSSIP_MESSAGE_TYPE_H
#define BLOOM_GOSSIP_MESSAGE_TYPE_H

#include <cstddef>
#include <cstdint>
#include <optional>

namespace ns3
{
namespace bloom
{

/**
 * \ingroup bloom-gossip
 * First byte of every bloom-gossip frame.  It lies in the 6LoWPAN "not a
 * LoWPAN frame" dispatch range (00xxxxxx, RFC 4944 section 5.1), so gossip
 * frames can share an 802.15.4 link with 6LoWPAN traffic.
 */
constexpr uint8_t kGossipDispatch = 0x3B;

/**
 * \ingroup bloom-gossip
 * EtherType-style protocol number the gossip and query applications send
 * with and accept on devices that demultiplex (CSMA, Wi-Fi): IEEE 802 local
 * experimental EtherType 1.  lr-wpan ignores it (protocol 0 on receive).
 */
constexpr uint16_t kGossipProtocol = 0x88B5;

/// \ingroup bloom-gossip
/// Message types carried after the dispatch byte.
enum class MessageType : uint8_t
{
    ADVERTISEMENT = 1,       //!< one segment of a node's filter (gossip-message.h)
    QUERY = 2,               //!< a resource query (query-message.h)
    REPLY = 3,               //!< the answer to a query (query-message.h)
    CODED_ADVERTISEMENT = 4, //!< one entropy-coded segment (gossip-message.h, slot-codec.h)
};

/**
 * \param data a frame
 * \param size its length in bytes
 * \return whether the frame starts with kGossipDispatch (a bloom-gossip
 *         frame, maybe truncated); other frames belong to other protocols on
 *         the same link
 */
inline bool
IsGossipFrame(const uint8_t* data, size_t size)
{
    return data != nullptr && size >= 1 && data[0] == kGossipDispatch;
}

/**
 * \ingroup bloom-gossip
 * Bit 7 of the message type byte: the frame carries its sender's filter
 * after the message (learning from queries; AppendCarriedFilter in
 * query-message.h).  Message types proper, strategies' own included, are
 * below 0x80.
 */
constexpr uint8_t kCarriedFilterFlag = 0x80;

/**
 * The message type byte of a bloom-gossip frame, without kCarriedFilterFlag.
 * The value is not checked against MessageType.
 * \param data a frame
 * \param size its length in bytes
 * \return the type byte, or nullopt when the frame is shorter than two
 *         bytes or does not start with kGossipDispatch (another protocol's
 *         frame)
 */
inline std::optional<uint8_t>
PeekMessageType(const uint8_t* data, size_t size)
{
    if (data == nullptr || size < 2 || data[0] != kGossipDispatch)
    {
        return std::nullopt;
    }
    return static_cast<uint8_t>(data[1] & ~kCarriedFilterFlag);
}

/**
 * \param data a frame
 * \param size its length in bytes
 * \return whether it is a bloom-gossip frame with kCarriedFilterFlag set
 */
inline bool
CarriesFilter(const uint8_t* data, size_t size)
{
    return data != nullptr && size >= 2 && data[0] == kGossipDispatch &&
           (data[1] & kCarriedFilterFlag) != 0;
}

/**
 * \param data a frame
 * \param size its length in bytes
 * \param type a message type
 * \return whether the frame is a bloom-gossip frame of that type
 */
inline bool
IsMessage(const uint8_t* data, size_t size, MessageType type)
{
    return PeekMessageType(data, size) == static_cast<uint8_t>(type);
}

/**
 * \param data a frame
 * \param size its length in bytes
 * \return whether it is an advertisement segment, plain or coded
 */
inline bool
IsAdvertisement(const uint8_t* data, size_t size)
{
    return IsMessage(data, size, MessageType::ADVERTISEMENT) ||
           IsMessage(data, size, MessageType::CODED_ADVERTISEMENT);
}

} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_MESSAGE_TYPE_H
