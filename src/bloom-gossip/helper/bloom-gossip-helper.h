/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef BLOOM_GOSSIP_HELPER_H
#define BLOOM_GOSSIP_HELPER_H

#include "ns3/application-container.h"
#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Installs one gossip application per node.
 *
 * \code
 *   BloomGossipHelper lbf("ns3::LbfGossipApplication");
 *   lbf.SetAttribute("CellBits", UintegerValue(8));
 *   ApplicationContainer apps = lbf.Install(nodes);
 *   lbf.AssignStreams(nodes, 100);
 * \endcode
 */
class BloomGossipHelper
{
  public:
    /// \param typeName ns3::BfGossipApplication, ns3::LbfGossipApplication or
    ///        ns3::AbfGossipApplication (or a subclass).
    explicit BloomGossipHelper(const std::string& typeName);

    /// Set an attribute of the applications created from now on.
    void SetAttribute(const std::string& name, const AttributeValue& value);
    ApplicationContainer Install(NodeContainer nodes) const;
    ApplicationContainer Install(Ptr<Node> node) const;

    /**
     * Fix the random streams of the gossip applications on these nodes,
     * starting at `stream`.  Returns the number of streams used.
     */
    int64_t AssignStreams(NodeContainer nodes, int64_t stream) const;

  private:
    ObjectFactory m_factory;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_HELPER_H
