/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Energy of a run, read from the nodes' LrWpanRadioEnergyModel.
 */
#ifndef ENERGY_METRICS_H
#define ENERGY_METRICS_H

#include "ns3/lr-wpan-radio-energy-model.h"
#include "ns3/nstime.h"

#include <array>
#include <optional>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * Energy of one run.  Powers are energy per node per second (W): a node's
 * energy over the run divided by the run's duration; "mean" averages the
 * nodes, "max" is the hungriest node.
 */
struct EnergyRunMetrics
{
    double meanW{0}; //!< mean over nodes of energy / duration
    double maxW{0};  //!< largest node's energy / duration
    /// Mean per node per second of every LrWpanRadioEnergyModel::State.
    std::array<double, LrWpanRadioEnergyModel::kStates> stateW{};
    double airtimeW{0};                 //!< TX + RX (frames) mean per node per second
    double totalJ{0};                   //!< all nodes' radio energy
    double airtimeJ{0};                 //!< all nodes' TX + RX energy
    double perAdvertisementJ{0};        //!< totalJ / advertisements (NaN without any)
    double airtimePerAdvertisementJ{0}; //!< airtimeJ / advertisements
    double radioOnShare{0}; //!< mean share of time the transceiver is not off (not SLEEP)
    uint32_t depleted{0};   //!< nodes whose battery ran out
    std::optional<double> firstDepletion; //!< time of the first depletion (s)
    /// Energy of transmitting one PHY byte (32 us x TX current x voltage), J.
    double txJoulesPerByte{0};
};

/**
 * \ingroup bloom-gossip
 * \brief Summarises the energy models of a run at its end.  It only reads
 * the models' accessors; it changes nothing in the simulation.
 */
class EnergyMetrics
{
  public:
    /// \param models one model per node
    explicit EnergyMetrics(std::vector<Ptr<LrWpanRadioEnergyModel>> models);
    /**
     * \param duration the simulated time
     * \param advertisements advertisements sent in the run
     * \return the run's energy figures
     */
    EnergyRunMetrics Finish(Time duration, uint64_t advertisements) const;

  private:
    std::vector<Ptr<LrWpanRadioEnergyModel>> m_models;
};

} // namespace ns3

#endif // ENERGY_METRICS_H
