/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Plain Bloom filter gossip: the BloomGossipApplication of the BF family.
 */
#ifndef BLOOM_GOSSIP_BF_GOSSIP_APPLICATION_H
#define BLOOM_GOSSIP_BF_GOSSIP_APPLICATION_H

#include "bloom-gossip-application.h"

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Plain Bloom filter gossip (membership only).
 */
class BfGossipApplication : public BloomGossipApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    std::unique_ptr<bloom::FilterPolicy> CreatePolicy() const override;

  private:
    uint32_t m_bits;
    uint32_t m_hashes;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_BF_GOSSIP_APPLICATION_H
