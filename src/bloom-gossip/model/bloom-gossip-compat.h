/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * What moved between the ns-3 releases the module supports (3.35 ... 3.48),
 * so that the rest of the code is written once.  Keep this header small:
 * aliases and one-line shims only (API changes that need real code use
 * BLOOM_GOSSIP_NS3_VERSION guards where they are used).
 *
 *  - ns-3.42 moved the lr-wpan model classes into namespace ns3::lrwpan
 *    (LrWpanHelper stays in ns3), and renamed LrWpanPhyEnumeration to
 *    lrwpan::PhyEnumeration; it also moved the energy module's classes into
 *    namespace ns3::energy (their TypeIds followed in 3.43, e.g.
 *    "ns3::energy::BasicEnergySource"; the module never names an energy
 *    TypeId by string, only through the classes' GetTypeId()).
 *  - Simulator::Schedule takes lambdas only from ns-3.36: ScheduleCall and
 *    ScheduleCallNow wrap any callable in an EventImpl, on every release.
 *  - EnumValue holds an int up to ns-3.41 and became a class template of the
 *    enum type in 3.42: an enum attribute is stored as EnumStorage<T>, its
 *    values written AsEnumValue(T::X), its accessor
 *    BLOOM_GOSSIP_ENUM_ACCESSOR(T, member).
 */
#ifndef BLOOM_GOSSIP_COMPAT_H
#define BLOOM_GOSSIP_COMPAT_H

#include "bloom-gossip-version.h"

#include "ns3/event-id.h"
#include "ns3/event-impl.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/simulator.h"

#include <type_traits>
#include <utility>

#if BLOOM_GOSSIP_NS3_VERSION >= 3042
#define BLOOM_GOSSIP_ENUM_ACCESSOR(T, member) MakeEnumAccessor<T>(member)
#else
#define BLOOM_GOSSIP_ENUM_ACCESSOR(T, member) MakeEnumAccessor(member)
#endif

#if BLOOM_GOSSIP_NS3_VERSION >= 3042
#include "ns3/lr-wpan-mac-header.h"
#include "ns3/lr-wpan-mac.h"
#include "ns3/lr-wpan-net-device.h"
#include "ns3/lr-wpan-phy.h"
#include "ns3/lr-wpan-spectrum-value-helper.h"

namespace ns3
{
using lrwpan::LrWpanMac;
using lrwpan::LrWpanMacHeader;
using lrwpan::LrWpanNetDevice;
using lrwpan::LrWpanPhy;
using lrwpan::LrWpanSpectrumValueHelper;
/// The PHY's transceiver states (ns-3 <= 3.41: ns3::LrWpanPhyEnumeration).
using LrWpanPhyEnumeration = lrwpan::PhyEnumeration;
using lrwpan::IEEE_802_15_4_PHY_BUSY_RX;
using lrwpan::IEEE_802_15_4_PHY_BUSY_TX;
using lrwpan::IEEE_802_15_4_PHY_RX_ON;
using lrwpan::IEEE_802_15_4_PHY_TRX_OFF;
using lrwpan::IEEE_802_15_4_PHY_TX_ON;
} // namespace ns3
#endif

// The energy framework, in ns3 up to 3.41 and in ns3::energy from 3.42.
#include "ns3/basic-energy-source.h"
#include "ns3/device-energy-model-container.h"
#include "ns3/device-energy-model.h"
#include "ns3/energy-source-container.h"
#include "ns3/energy-source.h"

#if BLOOM_GOSSIP_NS3_VERSION >= 3042
namespace ns3
{
using energy::BasicEnergySource;
using energy::DeviceEnergyModel;
using energy::DeviceEnergyModelContainer;
using energy::EnergySource;
using energy::EnergySourceContainer;
} // namespace ns3
#endif

namespace ns3
{
namespace bloom
{
namespace compat
{
#if BLOOM_GOSSIP_NS3_VERSION >= 3042
/// What an EnumValue of enum T holds (3.42 and later: T).
template <typename T>
using EnumStorage = T;
#else
/// What an EnumValue of enum T holds (up to 3.41: int).
template <typename T>
using EnumStorage = int;
#endif

/**
 * \param value an enum value
 * \return the value as EnumValue and MakeEnumChecker take it on this release
 */
template <typename T>
constexpr EnumStorage<T>
AsEnumValue(T value)
{
    return static_cast<EnumStorage<T>>(value);
}

/**
 * \ingroup bloom-gossip
 * An event that runs a callable (what ns-3 >= 3.36 builds from a lambda).
 */
template <typename F>
class CallEvent : public EventImpl
{
  public:
    /// \param f the callable, run when the event fires
    explicit CallEvent(F f)
        : m_f(std::move(f))
    {
    }

  private:
    void Notify() override
    {
        m_f();
    }

    F m_f; //!< the callable
};

/**
 * \param f a callable taking no arguments
 * \return an event that runs it
 */
template <typename F>
Ptr<EventImpl>
MakeCallEvent(F&& f)
{
    return Ptr<EventImpl>(new CallEvent<std::decay_t<F>>(std::forward<F>(f)), false);
}
} // namespace compat

/**
 * Simulator::Schedule(delay, f) for a callable f (a lambda), on every release.
 * \param delay time from now
 * \param f a callable taking no arguments
 * \return the scheduled event
 */
template <typename F>
EventId
ScheduleCall(const Time& delay, F&& f)
{
    return Simulator::Schedule(delay, compat::MakeCallEvent(std::forward<F>(f)));
}

/**
 * Simulator::ScheduleNow(f) for a callable f (a lambda), on every release.
 * \param f a callable taking no arguments
 * \return the scheduled event
 */
template <typename F>
EventId
ScheduleCallNow(F&& f)
{
    return Simulator::ScheduleNow(compat::MakeCallEvent(std::forward<F>(f)));
}
} // namespace bloom
} // namespace ns3

#endif // BLOOM_GOSSIP_COMPAT_H
