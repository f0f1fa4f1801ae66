/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A single-model spectrum channel whose cost per frame does not grow with the
 * number of nodes: a spatial grid index restricts every transmission to the
 * PHYs that can receive it.
 */
#ifndef BLOOM_GOSSIP_GRID_SPECTRUM_CHANNEL_H
#define BLOOM_GOSSIP_GRID_SPECTRUM_CHANNEL_H

#include "bloom-gossip-version.h"

#include "ns3/mobility-model.h"
#include "ns3/nstime.h"
#include "ns3/propagation-loss-model.h"
#include "ns3/spectrum-channel.h"
#include "ns3/spectrum-model.h"

#include <cstdint>
#include <set>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief SingleModelSpectrumChannel with a spatial grid index over the
 * receivers: each frame is offered only to the PHYs within a cut-off
 * distance of the sender.
 *
 * **Equivalence.**  For every receiver within the cut-off, StartTx does
 * exactly what ns-3.37's SingleModelSpectrumChannel::StartTx does (same
 * same-node test, signal copy, antenna gains, loss computation, MaxLossDb
 * test, power scaling, propagation delay, ScheduleWithContext), and the
 * receivers are visited in the order in which they were added to the channel,
 * as the stock channel walks its PHY list.  The stock channel never schedules
 * a reception for a receiver whose path loss exceeds MaxLossDb; when the
 * cut-off is at least the largest distance at which the loss can be <=
 * MaxLossDb, both channels schedule the same receptions with the same
 * parameters in the same order, so a simulation gives the same results
 * event for event.  What differs: the PathLoss and Gain trace sources fire
 * only for receivers within the cut-off, and the loss model is evaluated only
 * for them (a loss model that draws random numbers per evaluation would
 * therefore diverge; ns-3's deterministic models and
 * StaticShadowingLossModel with every pair drawn up front do not).
 *
 * **Cut-off.**  CutoffDistance > 0 is taken as given: the caller guarantees
 * that no receiver farther away can have a path loss <= MaxLossDb (antenna
 * gains and every model of the loss chain included).  CutoffDistance = 0
 * (default) derives it from the loss chain when it is a single
 * RangePropagationLossModel (MaxRange, when MaxLossDb < 1000 dB, its
 * out-of-range loss) or a single LogDistancePropagationLossModel
 * (d0 * 10^((MaxLossDb - L0) / (10 n)), the inversion of L0 + 10 n
 * log10(d / d0)); see CutoffFor().  Otherwise (other models, chained models,
 * no loss model) there is no cut-off and every frame goes to every PHY, like
 * the stock channel.  The cut-off is widened by a relative 1e-9 and 1 um to
 * absorb rounding, and antennas are assumed to have no gain (lr-wpan's are
 * isotropic, 0 dB).
 *
 * **Index.**  PHYs whose mobility model is a ConstantPositionMobilityModel
 * are put in a uniform grid of square cells (CellSize, default the cut-off)
 * over x and y; a transmission looks at the cells within the cut-off of the
 * sender and at each candidate's exact 3-D distance.  PHYs with any other
 * mobility model, or none, are candidates for every transmission (so mobile
 * nodes cost O(mobile nodes) per frame, and are handled exactly).  The index
 * is rebuilt, lazily at the next transmission, when a PHY is added or
 * removed, when a static node moves (its CourseChange trace: SetPosition) and
 * when an attribute changes.  A PHY's mobility model must not be replaced
 * after its first transmission on the channel.
 *
 * **Moving PHYs.**  With MaxSpeed > 0 (a bound on the speed of every PHY
 * whose model is not a ConstantPositionMobilityModel), those are indexed
 * too, at their positions of the last rebuild; a transmission t seconds
 * after it looks MaxSpeed x t farther (every receiver within the cut-off of
 * the sender's position now was within that of its indexed position) and
 * the index is rebuilt once MaxSpeed x t exceeds half a cell.  The cost
 * per frame stays that of the neighbourhood, plus an O(N) rebuild every
 * cell / (2 MaxSpeed) seconds at most.  A model faster than MaxSpeed, or a
 * moving model teleported with SetPosition, breaks the equivalence: frames
 * to it may be lost.
 */
class GridSpectrumChannel : public SpectrumChannel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    GridSpectrumChannel();
    ~GridSpectrumChannel() override;

    // inherited from SpectrumChannel (RemoveRx is virtual there from ns-3.36)
#if BLOOM_GOSSIP_NS3_VERSION >= 3036
    void RemoveRx(Ptr<SpectrumPhy> phy) override;
#else
    /// Detach a PHY (ns-3.35's SpectrumChannel has no RemoveRx).
    /// \param phy the PHY to detach
    void RemoveRx(Ptr<SpectrumPhy> phy);
#endif
    void AddRx(Ptr<SpectrumPhy> phy) override;
    void StartTx(Ptr<SpectrumSignalParameters> params) override;

    // inherited from Channel
    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

    /**
     * Largest distance (m) at which `loss` can give a path loss <= maxLossDb
     * when up to `extraGainDb` dB of gain may come on top of its own distance
     * law (from the rest of the chain, GetNext(), which is not looked at, or
     * from antennas): RangePropagationLossModel gives MaxRange when
     * maxLossDb + extraGainDb < 1000 dB, else infinity;
     * LogDistancePropagationLossModel gives
     * d0 * 10^((maxLossDb + extraGainDb - L0) / (10 n)), at least d0.
     * \param loss head of a loss chain (only this model is looked at)
     * \param maxLossDb the channel's MaxLossDb (dB)
     * \param extraGainDb gain that may come on top (dB)
     * \return the cut-off distance (m); infinity for a null or any other model
     */
    static double CutoffFor(Ptr<PropagationLossModel> loss, double maxLossDb, double extraGainDb);

    /// Rebuilds the index if needed.
    /// \return the cut-off in use (m; infinity: every PHY is a candidate)
    double GetEffectiveCutoff();
    /// \return the number of PHYs in the grid (static nodes) after the last rebuild
    uint32_t GetIndexedPhyCount() const;
    /// \return the number of index rebuilds so far
    uint32_t GetRebuildCount() const;
    /// \return the receivers examined (candidates) over all transmissions so far
    uint64_t GetCandidateCount() const;

  protected:
    void DoDispose() override;

  private:
    /// A PHY attached to the channel.
    struct Entry
    {
        Ptr<SpectrumPhy> phy;
        uint64_t order; //!< position in attach order (the stock channel's list order)
    };

    /// A PHY of the grid: entry index and cached position.
    struct Indexed
    {
        uint32_t entry;
        Vector position;
    };

    void StartRx(Ptr<SpectrumSignalParameters> params, Ptr<SpectrumPhy> receiver);
    void Invalidate();
    void Rebuild();
    void OnCourseChange(Ptr<const MobilityModel> mobility);
    void SetCutoffDistance(double d);
    double GetCutoffDistance() const;
    void SetCellSize(double d);
    double GetCellSize() const;
    void SetMaxSpeed(double v);
    double GetMaxSpeed() const;

    std::vector<Entry> m_entries; //!< attach order
    uint64_t m_nextOrder{0};      //!< order of the next attached PHY
    Ptr<const SpectrumModel> m_spectrumModel;

    double m_cutoffAttribute{0}; //!< CutoffDistance attribute (0: automatic)
    double m_cellAttribute{0};   //!< CellSize attribute (0: the cut-off)
    double m_maxSpeed{0};        //!< MaxSpeed attribute (0: moving PHYs not indexed)

    // Index, valid when !m_dirty.
    bool m_dirty{true};
    bool m_indexesMoving{false};               //!< moving PHYs in the index (MaxSpeed > 0)
    Time m_builtAt;                            //!< time of the last rebuild
    double m_builtMaxLossDb{0};                //!< MaxLossDb at the last rebuild
    Ptr<PropagationLossModel> m_builtLoss;     //!< loss model at the last rebuild
    double m_cutoff{0};                        //!< effective cut-off (widened), or infinity
    double m_cell{1};                          //!< cell side (m)
    double m_minX{0};                          //!< grid origin
    double m_minY{0};                          //!< grid origin
    int64_t m_nx{0};                           //!< cells along x
    int64_t m_ny{0};                           //!< cells along y
    std::vector<uint32_t> m_cellStart;         //!< CSR offsets into m_cellItems (nx*ny+1)
    std::vector<Indexed> m_cellItems;          //!< indexed PHYs, cell by cell
    std::vector<uint32_t> m_alwaysCandidates;  //!< entries not in the grid, attach order
    std::set<const MobilityModel*> m_watched;  //!< mobility models whose CourseChange we follow
    std::vector<Ptr<MobilityModel>> m_keepers; //!< keeps watched models alive
    uint32_t m_indexed{0};
    uint32_t m_rebuilds{0};
    uint64_t m_candidates{0};
    std::vector<uint32_t> m_scratch; //!< candidate entries of one transmission
};

} // namespace ns3

#endif // BLOOM_GOSSIP_GRID_SPECTRUM_CHANNEL_H
