/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef BLOOM_GOSSIP_BLOOM_QUERY_HELPER_H
#define BLOOM_GOSSIP_BLOOM_QUERY_HELPER_H

#include "ns3/application-container.h"
#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Installs one BloomQueryApplication per node.  The nodes need their
 * gossip application (BloomGossipHelper) installed first.
 *
 * \code
 *   BloomQueryHelper query;
 *   query.SetAttribute("Strategy", StringValue("gradient"));
 *   ApplicationContainer apps = query.Install(nodes);
 *   query.AssignStreams(nodes, 1000);
 * \endcode
 */
class BloomQueryHelper
{
  public:
    BloomQueryHelper();

    /**
     * Set an attribute of the applications created from now on.
     * \param name attribute name, e.g. "Strategy"
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
     * Fix the random streams of the query applications on these nodes.
     * \param nodes the nodes whose query applications are numbered
     * \param stream first stream number to use
     * \return the number of streams used
     */
    int64_t AssignStreams(NodeContainer nodes, int64_t stream) const;

  private:
    ObjectFactory m_factory;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_BLOOM_QUERY_HELPER_H
