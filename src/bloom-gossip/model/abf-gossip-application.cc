/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "abf-gossip-application.h"

#include "abf-policy.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/filter-family.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AbfGossipApplication");

NS_OBJECT_ENSURE_REGISTERED(AbfGossipApplication);

namespace
{

/// The family's descriptor (bloom::FilterFamilies()): names, application,
/// capabilities and its own options.
bloom::FilterFamily
Family()
{
    bloom::FilterFamily f;
    f.kind = bloom::FilterKind::ATTENUATED;
    f.name = "abf";
    f.label = "ABF";
    f.title = "Attenuated BF";
    f.typeId = "ns3::AbfGossipApplication";
    f.sizeAttribute = "Bits";
    f.sizeHelp = "bits per level";
    f.distance = true;
    f.purgeBound = true;
    f.levelsAttribute = "Depth";
    f.options = {{"depth", "Depth", "ABF levels", "depth", "", "diameter + 1"}};
    return f;
}

const bloom::FilterFamilyRegistration g_family(Family());

} // namespace

TypeId
AbfGossipApplication::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AbfGossipApplication")
                            .SetParent<BloomGossipApplication>()
                            .SetGroupName("BloomGossip")
                            .AddConstructor<AbfGossipApplication>()
                            .AddAttribute("Depth",
                                          "Levels d; hop distances 0..d-1 are visible.",
                                          UintegerValue(8),
                                          MakeUintegerAccessor(&AbfGossipApplication::m_depth),
                                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxDepth))
                            .AddAttribute("Bits",
                                          "Bits m per level.",
                                          UintegerValue(256),
                                          MakeUintegerAccessor(&AbfGossipApplication::m_bits),
                                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxSlots))
                            .AddAttribute("Hashes",
                                          "Hash functions k.",
                                          UintegerValue(4),
                                          MakeUintegerAccessor(&AbfGossipApplication::m_hashes),
                                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxHashes));
    return tid;
}

std::unique_ptr<bloom::FilterPolicy>
AbfGossipApplication::CreatePolicy() const
{
    NS_LOG_FUNCTION(this << m_depth << m_bits << m_hashes);
    return std::make_unique<bloom::AbfPolicy>(m_depth, m_bits, m_hashes);
}

} // namespace ns3
