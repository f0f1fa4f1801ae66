/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Static, symmetric log-normal shadowing: one Gaussian offset per unordered
 * pair of nodes, drawn once.
 */
#ifndef BLOOM_GOSSIP_STATIC_SHADOWING_LOSS_MODEL_H
#define BLOOM_GOSSIP_STATIC_SHADOWING_LOSS_MODEL_H

#include "ns3/propagation-loss-model.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ns3
{

class MobilityModel;

/**
 * \ingroup bloom-gossip
 * \brief Static log-normal shadowing for static nodes: rx power + sigma * z(a, b).
 *
 * z(a, b) = z(b, a) is a standard normal value drawn once per unordered pair
 * of mobility models, the first time the pair is evaluated, from this model's
 * NormalRandomVariable (one stream, see AssignStreams).  The offset is thus
 * symmetric and constant over time (static shadowing, no fading).  Meant to
 * be chained after a distance-dependent model with SetNext().
 *
 * Values depend on the order in which pairs are first evaluated;
 * WsnNetworkHelper evaluates every pair (a < b, in node order) right after
 * building the network and after AssignStreams, so the offsets are a function
 * of the stream and the run only.  AssignStreams forgets the offsets drawn so
 * far.  Memory: one float per pair (n^2/2 * 4 bytes: 5 MB for 1,600 nodes).
 * Mobility models are told apart by address: meant for nodes that live as
 * long as the model.
 */
class StaticShadowingLossModel : public PropagationLossModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    StaticShadowingLossModel();

    /// \param sigmaDb standard deviation of the offset (dB, >= 0); rescales drawn offsets.
    void SetSigma(double sigmaDb);
    /// \return standard deviation of the offset (dB)
    double GetSigma() const;

    /**
     * \return the offset (dB) of the pair {a, b}, drawing it if needed
     * \param a one end
     * \param b the other end
     */
    double GetOffsetDb(Ptr<MobilityModel> a, Ptr<MobilityModel> b) const;

    /// Forget all drawn offsets (they are drawn again on next use).
    void Reset();

    /// \return the largest gain (dB, >= 0) among the offsets drawn so far: sigma * max z, or 0
    double GetMaxOffsetDb() const;

  private:
    double DoCalcRxPower(double txPowerDbm,
                         Ptr<MobilityModel> a,
                         Ptr<MobilityModel> b) const override;
    int64_t DoAssignStreams(int64_t stream) override;

    /// \return index of a mobility model, registering it on first sight
    uint32_t IndexOf(const MobilityModel* m) const;

    double m_sigmaDb;                                                   ///< standard deviation (dB)
    Ptr<NormalRandomVariable> m_normal;                                 ///< standard normal draws
    mutable std::unordered_map<const MobilityModel*, uint32_t> m_index; ///< model -> index
    /// m_z[j][i], i < j: standard normal value of the pair {i, j}; NaN = not drawn
    mutable std::vector<std::vector<float>> m_z;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_STATIC_SHADOWING_LOSS_MODEL_H
