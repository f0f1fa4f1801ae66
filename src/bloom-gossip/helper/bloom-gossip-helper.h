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
    /// \param typeName ns3::BfGossipApplication, ns3::LbfGossipApplication,
    ///        ns3::AbfGossipApplication, ns3::SdbfGossipApplication or
    ///        ns3::DvGossipApplication (or a subclass).
    explicit BloomGossipHelper(const std::string& typeName);

    /**
     * Set an attribute of the applications created from now on.
     * \param name attribute name, e.g. "CellBits"
     * \param value its value
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param nodes the nodes, each gets one application
     * \return the applications, one per node in the nodes' order
     */
    ApplicationContainer Install(NodeContainer nodes) const;
    /**
     * \param node the node
     * \return its new application
     */
    ApplicationContainer Install(Ptr<Node> node) const;

    /**
     * Fix the random streams of the gossip applications on these nodes.
     * \param nodes the nodes whose gossip applications are numbered
     * \param stream first stream number to use
     * \return the number of streams used
     */
    int64_t AssignStreams(NodeContainer nodes, int64_t stream) const;

  private:
    ObjectFactory m_factory;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_HELPER_H
