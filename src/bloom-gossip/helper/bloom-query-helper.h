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

    /// Set an attribute of the applications created from now on.
    void SetAttribute(const std::string& name, const AttributeValue& value);
    ApplicationContainer Install(NodeContainer nodes) const;
    ApplicationContainer Install(Ptr<Node> node) const;

    /**
     * Fix the random streams of the query applications on these nodes,
     * starting at `stream`.  Returns the number of streams used.
     */
    int64_t AssignStreams(NodeContainer nodes, int64_t stream) const;

  private:
    ObjectFactory m_factory;
};

} // namespace ns3

#endif // BLOOM_GOSSIP_BLOOM_QUERY_HELPER_H
