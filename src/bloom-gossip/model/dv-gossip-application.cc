/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dv-gossip-application.h"

#include "dv-policy.h"

#include "ns3/filter-family.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DvGossipApplication");

NS_OBJECT_ENSURE_REGISTERED(DvGossipApplication);

namespace
{

/// The family's descriptor (bloom::FilterFamilies()): its size, m, is in bytes.
const bloom::FilterFamilyRegistration g_family({bloom::FilterKind::DISTANCE_VECTOR,
                                                "dv",
                                                "DV",
                                                "Distance vector",
                                                "ns3::DvGossipApplication",
                                                "Bytes",
                                                true,
                                                false,
                                                "tab:red",
                                                "v",
                                                "-",
                                                false,
                                                true,
                                                8});

} // namespace

TypeId
DvGossipApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DvGossipApplication")
            .SetParent<BloomGossipApplication>()
            .SetGroupName("BloomGossip")
            .AddConstructor<DvGossipApplication>()
            .AddAttribute("Bytes",
                          "Most payload bytes of one advertisement: the nearest entries "
                          "(ties by id) that fit are carried.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&DvGossipApplication::m_bytes),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxSlots))
            .AddAttribute("Horizon",
                          "Largest hop count carried; entries beyond it are dropped "
                          "(bounds counting to infinity after a removal, as RIP's 16).",
                          UintegerValue(63),
                          MakeUintegerAccessor(&DvGossipApplication::m_horizon),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxDvHops));
    return tid;
}

std::unique_ptr<bloom::FilterPolicy>
DvGossipApplication::CreatePolicy() const
{
    NS_LOG_FUNCTION(this << m_bytes << m_horizon);
    return std::make_unique<bloom::DvPolicy>(m_bytes, m_horizon);
}

} // namespace ns3
