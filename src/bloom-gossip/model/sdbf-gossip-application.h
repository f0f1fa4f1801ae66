/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Scope-decay Bloom filter gossip: the BloomGossipApplication of the SDBF
 * family.
 */
#ifndef BLOOM_GOSSIP_SDBF_GOSSIP_APPLICATION_H
#define BLOOM_GOSSIP_SDBF_GOSSIP_APPLICATION_H

#include "bloom-gossip-application.h"

#include "ns3/scope-decay-bloom-filter.h"

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Scope-decay Bloom filter gossip (Li, Wu & Xu, IWNAS 2006).
 *
 * The node's static keep mask (bit i kept with probability 1 -
 * DecayProbability) is drawn from its own random stream (the second one
 * AssignStreams numbers) when the policy is first built, so call
 * AssignStreams before the application is used.
 */
class SdbfGossipApplication : public BloomGossipApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SdbfGossipApplication();

    /// \return a problem with MinCount (1..Hashes), or empty
    std::string CheckAttributes() const override;

  protected:
    void DoDispose() override;
    std::unique_ptr<bloom::FilterPolicy> CreatePolicy() const override;
    int64_t AssignPolicyStreams(int64_t stream) override;

  private:
    uint32_t m_bits;
    uint32_t m_hashes;
    double m_decayProbability;
    uint32_t m_minCount;
    bloom::compat::EnumStorage<bloom::SdbfEstimator> m_estimator; //!< bloom::SdbfEstimator
    Ptr<UniformRandomVariable> m_maskRng;                         //!< draws the keep mask
};

} // namespace ns3

#endif // BLOOM_GOSSIP_SDBF_GOSSIP_APPLICATION_H
