/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Distance-vector gossip: the exact, non-probabilistic baseline.  Each node
 * advertises the (resource id, hops) entries it knows, nearest first, up to
 * a horizon and a byte budget.
 */
#ifndef BLOOM_GOSSIP_DV_GOSSIP_APPLICATION_H
#define BLOOM_GOSSIP_DV_GOSSIP_APPLICATION_H

#include "bloom-gossip-application.h"

#include <string>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Gossip application advertising a distance vector (bloom::DvPolicy).
 */
class DvGossipApplication : public BloomGossipApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return a problem with Bytes, Horizon and IdBits together (a budget
    ///         that holds no entry), or empty
    std::string CheckAttributes() const override;

  protected:
    std::unique_ptr<bloom::FilterPolicy> CreatePolicy() const override;

  private:
    uint32_t m_bytes;
    uint32_t m_horizon;
    uint32_t m_idBits;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_DV_GOSSIP_APPLICATION_H
