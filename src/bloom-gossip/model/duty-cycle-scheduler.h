/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A synchronised (S-MAC-like) sleep schedule for an lr-wpan node: the radio
 * is on in an active window at the start of every period and off otherwise;
 * frames go to the MAC only inside a window.
 */
#ifndef DUTY_CYCLE_SCHEDULER_H
#define DUTY_CYCLE_SCHEDULER_H

#include "bloom-gossip-compat.h"

#include "ns3/address.h"
#include "ns3/event-id.h"
#include "ns3/lr-wpan-net-device.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>

namespace ns3
{

class DutyCycleScheduler;

/**
 * \ingroup bloom-gossip
 * \brief An lr-wpan device whose frames a DutyCycleScheduler may hold until
 * the radio's next active window.
 *
 * WsnNetworkHelper builds its networks of these.  Without a scheduler the
 * device is an LrWpanNetDevice and nothing else.  Once a DutyCycleScheduler
 * drives it (DutyCycleHelper, DutyCycleScheduler::Install), Send queues the
 * frame with the scheduler, which hands it to the MAC inside a window: the
 * applications above send as on any device and know nothing of the sleep
 * schedule.  A frame sent this way reaches the MAC (and its MacTxOk or
 * MacTxDrop) up to about one period later than without duty cycling:
 * attribute `MaxTransmitHold` says by how much, for timers that wait for a
 * MAC confirmation.
 */
class DutyCycleNetDevice : public LrWpanNetDevice
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    DutyCycleNetDevice();
    ~DutyCycleNetDevice() override;

    /**
     * Send a frame: through the scheduler when one drives the device (the
     * frame waits for a window; always true then, as the frame is queued),
     * else LrWpanNetDevice::Send.
     * \param packet the frame payload
     * \param dest destination address
     * \param protocolNumber the protocol number
     * \return whether the frame was accepted
     */
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    /**
     * Hand a frame to the MAC now (LrWpanNetDevice::Send): the scheduler's
     * own way down.
     * \param packet the frame payload
     * \param dest destination address
     * \param protocolNumber the protocol number
     * \return whether the MAC accepted it
     */
    bool SendNow(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber);

    /// \param scheduler the schedule that holds this device's frames (null: none)
    void SetScheduler(Ptr<DutyCycleScheduler> scheduler);
    /// \return the schedule holding this device's frames, or null
    Ptr<DutyCycleScheduler> GetScheduler() const;
    /**
     * \return the longest a frame may wait in the device before the MAC
     * gets it, beyond its turn: the scheduler's period, 0 without one
     */
    Time GetMaxTransmitHold() const;

  private:
    /// Null: frames go straight to the MAC.  The scheduler's DoDispose
    /// clears it (LrWpanNetDevice::DoDispose is private).
    Ptr<DutyCycleScheduler> m_scheduler;
};

/**
 * \ingroup bloom-gossip
 * \brief Synchronised duty cycling of one lr-wpan device, below the node's
 * gossip and query applications.
 *
 * Every node has the same schedule (perfect synchronisation, as S-MAC after
 * its SYNC exchange): active window k is [k Period, k Period + DutyCycle x
 * Period).  At a window's start the MAC keeps its receiver on when idle
 * (LrWpanMac::SetRxOnWhenIdle(true): PHY RX_ON); at its end the receiver goes
 * off when the MAC is idle (SetRxOnWhenIdle(false): PHY TRX_OFF; a frame in
 * progress ends first).
 *
 * Frames reach Send() from the device (DutyCycleNetDevice::Send, what the
 * applications call).  The
 * scheduler keeps them in order and gives the MAC one at a time (the next
 * when the MAC reports the previous one sent or dropped, MacTxOk/MacTxDrop),
 * only inside a window and only when the frame's air time plus Guard (room
 * for CSMA-CA backoffs) fits before the window's end; otherwise the frame
 * waits for the next window.  The first frame of a window leaves after a
 * random delay, uniform in [0, StartJitter] (capped to half the window), so
 * that nodes whose frames queued during the sleep do not all start at once.
 *
 * Unicast frames the MAC retries (query frames) may still run past the
 * window end; broadcast gossip frames (one CSMA-CA attempt sequence, at most
 * Guard) start inside it.  DutyCycle 1 keeps the radio on: install no
 * scheduler then (the devices send straight to the MAC).
 */
class DutyCycleScheduler : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    DutyCycleScheduler();
    ~DutyCycleScheduler() override;

    /**
     * Drive this device's radio and start the schedule (window 0 at time 0,
     * or at the next period start when installed later).  A
     * DutyCycleNetDevice then sends its frames through this scheduler.
     * \param device the lr-wpan device
     */
    void Install(Ptr<LrWpanNetDevice> device);
    /**
     * Send a frame inside the next window that has room for it.
     * \param packet the frame payload
     * \param to destination address
     * \param protocol the protocol number NetDevice::Send takes
     */
    void Send(Ptr<Packet> packet, const Address& to, uint16_t protocol);
    /// Drop the queued frames and leave the radio off for good (depletion).
    void Stop();

    /// \return the period
    Time GetPeriod() const;
    /// \return the active share of every period, in (0, 1]
    double GetDutyCycle() const;
    /// \return the active window length (DutyCycle x Period)
    Time GetWindow() const;
    /**
     * \param t a time
     * \return whether t falls inside an active window
     */
    bool InWindow(Time t) const;
    /// \return frames waiting for a window
    uint32_t GetQueueLength() const;
    /**
     * \param bytes a MAC payload size
     * \return its air time: PHY header (6 bytes), MAC header and FCS (11
     * bytes, short addresses with PAN ID compression) at 32 us per byte
     */
    static Time AirTime(uint32_t bytes);

    /**
     * Assign a fixed random variable stream number to the window jitter.
     * \param stream first stream number to use
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    struct Pending
    {
        Ptr<Packet> packet;
        Address to;
        uint16_t protocol;
    };

    void WindowStart();
    void WindowEnd();
    /// Hand the head of the queue to the MAC when allowed.
    void Pump();
    void MacDone(Ptr<const Packet> packet);
    /// \return the end of the window now falls in (now when outside)
    Time CurrentWindowEnd() const;

    Time m_period;
    double m_dutyCycle;
    Time m_guard;
    Time m_startJitter;

    Ptr<LrWpanNetDevice> m_device;
    Ptr<DutyCycleNetDevice> m_gated; //!< m_device when it sends through this scheduler
    Ptr<UniformRandomVariable> m_rng;
    std::deque<Pending> m_queue;
    bool m_busy{false};          //!< a frame is with the MAC
    uint64_t m_busyUid{0};       //!< its packet uid
    bool m_active{false};        //!< inside a window
    bool m_stopped{false};       //!< Stop() was called
    bool m_jitterPending{false}; //!< the window's first frame waits for its jitter
    EventId m_windowEvent;
    EventId m_pumpEvent;
    TracedCallback<Ptr<const Packet>> m_deferredTrace;
};

} // namespace ns3

#endif // DUTY_CYCLE_SCHEDULER_H
