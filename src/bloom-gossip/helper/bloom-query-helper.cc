/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bloom-query-helper.h"

#include "ns3/bloom-query-application.h"
#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BloomQueryHelper");

BloomQueryHelper::BloomQueryHelper()
{
    m_factory.SetTypeId(BloomQueryApplication::GetTypeId());
}

void
BloomQueryHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

ApplicationContainer
BloomQueryHelper::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    Ptr<BloomQueryApplication> app = m_factory.Create<BloomQueryApplication>();
    node->AddApplication(app);
    return ApplicationContainer(app);
}

ApplicationContainer
BloomQueryHelper::Install(NodeContainer nodes) const
{
    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        apps.Add(Install(*it));
    }
    return apps;
}

int64_t
BloomQueryHelper::AssignStreams(NodeContainer nodes, int64_t stream) const
{
    NS_LOG_FUNCTION(this << stream);
    int64_t current = stream;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Ptr<Node> node = *it;
        for (uint32_t i = 0; i < node->GetNApplications(); ++i)
        {
            if (auto app = DynamicCast<BloomQueryApplication>(node->GetApplication(i)))
            {
                current += app->AssignStreams(current);
            }
        }
    }
    return current - stream;
}

} // namespace ns3
