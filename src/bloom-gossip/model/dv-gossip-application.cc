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

/// The family's descriptor (bloom::FilterFamilies()): its size, m, is in
/// bytes; it carries ids of IdBits bits.
bloom::FilterFamily
Family()
{
    bloom::FilterFamily f;
    f.kind = bloom::FilterKind::DISTANCE_VECTOR;
    f.name = "dv";
    f.label = "DV";
    f.title = "Distance vector";
    f.typeId = "ns3::DvGossipApplication";
    f.sizeAttribute = "Bytes";
    f.sizeHelp = "payload bytes";
    f.distance = true;
    f.purgeBound = true;
    f.sizeBits = 8;
    f.idBitsAttribute = "IdBits";
    f.options = {{"horizon",
                  "Horizon",
                  "DV: largest hop count carried; entries beyond it are dropped",
                  "reach",
                  "hops"}};
    return f;
}

const bloom::FilterFamilyRegistration g_family(Family());

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
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxDvHops))
            .AddAttribute("IdBits",
                          "Bits of a resource id: ids 1 .. 2^IdBits - 1 (the scenario "
                          "programs set it from the largest id of the run).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&DvGossipApplication::m_idBits),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxDvIdBits));
    return tid;
}

std::string
DvGossipApplication::CheckAttributes() const
{
    std::string problem = BloomGossipApplication::CheckAttributes();
    if (problem.empty())
    {
        problem = bloom::DvPolicy::Check(m_bytes, m_horizon, m_idBits);
        if (!problem.empty())
        {
            problem = "Bytes: " + problem;
        }
    }
    return problem;
}

std::unique_ptr<bloom::FilterPolicy>
DvGossipApplication::CreatePolicy() const
{
    NS_LOG_FUNCTION(this << m_bytes << m_horizon << m_idBits);
    return std::make_unique<bloom::DvPolicy>(m_bytes, m_horizon, m_idBits);
}

} // namespace ns3
