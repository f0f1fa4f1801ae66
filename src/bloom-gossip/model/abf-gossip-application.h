/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Attenuated Bloom filter gossip: the BloomGossipApplication of the ABF family.
 */
#ifndef BLOOM_GOSSIP_ABF_GOSSIP_APPLICATION_H
#define BLOOM_GOSSIP_ABF_GOSSIP_APPLICATION_H

#include "bloom-gossip-application.h"

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Attenuated Bloom filter gossip (Rhea & Kubiatowicz).
 */
class AbfGossipApplication : public BloomGossipApplication
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
    uint32_t m_depth;
    uint32_t m_bits;
    uint32_t m_hashes;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_ABF_GOSSIP_APPLICATION_H
