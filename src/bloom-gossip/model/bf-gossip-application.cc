/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bf-gossip-application.h"

#include "bf-policy.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/filter-family.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BfGossipApplication");

NS_OBJECT_ENSURE_REGISTERED(BfGossipApplication);

namespace
{

/// The family's descriptor (bloom::FilterFamilies()): names, application,
/// capabilities and its own options.
bloom::FilterFamily
Family()
{
    bloom::FilterFamily f;
    f.kind = bloom::FilterKind::BLOOM;
    f.name = "bf";
    f.label = "BF";
    f.title = "Bloom filter";
    f.typeId = "ns3::BfGossipApplication";
    f.sizeAttribute = "Bits";
    f.sizeHelp = "bits";
    f.distance = false;
    f.purgeBound = true;
    return f;
}

const bloom::FilterFamilyRegistration g_family(Family());

} // namespace

TypeId
BfGossipApplication::GetTypeId()
{
    static TypeId tid = TypeId("ns3::BfGossipApplication")
                            .SetParent<BloomGossipApplication>()
                            .SetGroupName("BloomGossip")
                            .AddConstructor<BfGossipApplication>()
                            .AddAttribute("Bits",
                                          "Bloom filter size m in bits.",
                                          UintegerValue(1024),
                                          MakeUintegerAccessor(&BfGossipApplication::m_bits),
                                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxSlots))
                            .AddAttribute("Hashes",
                                          "Hash functions k.",
                                          UintegerValue(4),
                                          MakeUintegerAccessor(&BfGossipApplication::m_hashes),
                                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxHashes));
    return tid;
}

std::unique_ptr<bloom::FilterPolicy>
BfGossipApplication::CreatePolicy() const
{
    NS_LOG_FUNCTION(this << m_bits << m_hashes);
    return std::make_unique<bloom::BfPolicy>(m_bits, m_hashes);
}

} // namespace ns3
