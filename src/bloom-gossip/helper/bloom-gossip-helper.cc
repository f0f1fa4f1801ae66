/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bloom-gossip-helper.h"

#include "ns3/abort.h"
#include "ns3/bloom-gossip-application.h"
#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BloomGossipHelper");

BloomGossipHelper::BloomGossipHelper(const std::string& typeName)
{
    NS_LOG_FUNCTION(this << typeName);
    TypeId tid;
    NS_ABORT_MSG_UNLESS(TypeId::LookupByNameFailSafe(typeName, &tid) &&
                            tid.IsChildOf(BloomGossipApplication::GetTypeId()),
                        "BloomGossipHelper: " << typeName << " is not a gossip application");
    m_factory.SetTypeId(tid);
}

void
BloomGossipHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

ApplicationContainer
BloomGossipHelper::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    Ptr<BloomGossipApplication> app = m_factory.Create<BloomGossipApplication>();
    node->AddApplication(app);
    return ApplicationContainer(app);
}

ApplicationContainer
BloomGossipHelper::Install(NodeContainer nodes) const
{
    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        apps.Add(Install(*it));
    }
    return apps;
}

int64_t
BloomGossipHelper::AssignStreams(NodeContainer nodes, int64_t stream) const
{
    NS_LOG_FUNCTION(this << stream);
    int64_t current = stream;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Ptr<Node> node = *it;
        for (uint32_t i = 0; i < node->GetNApplications(); ++i)
        {
            if (auto app = DynamicCast<BloomGossipApplication>(node->GetApplication(i)))
            {
                current += app->AssignStreams(current);
            }
        }
    }
    return current - stream;
}

} // namespace ns3
