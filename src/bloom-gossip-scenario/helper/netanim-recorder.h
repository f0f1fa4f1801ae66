/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * An ns-3 NetAnim trace of a run (--netanim): the nodes and their moves,
 * no packets, recorded into memory and handed back as text; the program
 * writes it where it chooses.
 */
#ifndef BLOOM_GOSSIP_NETANIM_RECORDER_H
#define BLOOM_GOSSIP_NETANIM_RECORDER_H

#include "ns3/nstime.h"

#include <memory>
#include <string>

namespace ns3
{

/**
 * Whether this build can write NetAnim traces: it needs ns-3's netanim
 * module, which an ns-3 tree may be configured without (the build files set
 * BLOOM_GOSSIP_NETANIM; see the module chapter, "Building").  Without it
 * ScenarioRecorders::Validate() refuses --netanim.
 */
bool NetAnimBuilt();

/**
 * \ingroup bloom-gossip
 * \brief Records ns-3's NetAnim trace (AnimationInterface) of one run into
 * a private memory or temporary file and reads it back at the end.
 */
class NetAnimRecorder
{
  public:
    NetAnimRecorder();
    ~NetAnimRecorder();
    NetAnimRecorder(const NetAnimRecorder&) = delete;
    NetAnimRecorder& operator=(const NetAnimRecorder&) = delete;

    /**
     * Start the trace: the nodes where they are now, then their moves,
     * polled every `poll`; no packets.  Call after the mobility is installed,
     * only when the run will be simulated (needs NetAnimBuilt()).
     * \param poll the mobility poll interval
     */
    void Start(Time poll);

    /**
     * Close the trace and read it back (call after Simulator::Destroy, so
     * that no trace source still calls it).  Throws std::runtime_error
     * "--netanim: ..." when the trace cannot be read back or was cut short.
     * \return the XML, empty when not started
     */
    std::string Finish();

  private:
    struct Impl;
    std::unique_ptr<Impl> m_impl; //!< state
};

} // namespace ns3

#endif // BLOOM_GOSSIP_NETANIM_RECORDER_H
