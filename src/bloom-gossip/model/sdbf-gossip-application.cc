/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sdbf-gossip-application.h"

#include "sdbf-policy.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/filter-family.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SdbfGossipApplication");

NS_OBJECT_ENSURE_REGISTERED(SdbfGossipApplication);

namespace
{

/// The family's descriptor (bloom::FilterFamilies()): names, application,
/// capabilities and its own options.
bloom::FilterFamily
Family()
{
    bloom::FilterFamily f;
    f.kind = bloom::FilterKind::SCOPE_DECAY;
    f.name = "sdbf";
    f.label = "SDBF";
    f.title = "Scope-decay BF";
    f.typeId = "ns3::SdbfGossipApplication";
    f.sizeAttribute = "Bits";
    f.sizeHelp = "bits";
    f.distance = true;
    f.purgeBound = false;
    f.options = {
        {"decay-probability",
         "DecayProbability",
         "SDBF: probability p that a node's static keep mask clears a bit",
         "a"},
        {"min-count",
         "MinCount",
         "SDBF: membership iff at least this many of the k positions are set, <= k"},
        {"estimator", "Estimator", "SDBF hop estimator from the count of set positions"},
    };
    return f;
}

const bloom::FilterFamilyRegistration g_family(Family());

} // namespace

TypeId
SdbfGossipApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SdbfGossipApplication")
            .SetParent<BloomGossipApplication>()
            .SetGroupName("BloomGossip")
            .AddConstructor<SdbfGossipApplication>()
            .AddAttribute("Bits",
                          "Scope-decay Bloom filter size m in bits.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&SdbfGossipApplication::m_bits),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxSlots))
            .AddAttribute("Hashes",
                          "Hash functions k.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&SdbfGossipApplication::m_hashes),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxHashes))
            .AddAttribute(
                "DecayProbability",
                "Probability p that this node's static keep mask clears a bit, so "
                "that a neighbour's bit is dropped on the hop to this node, 0 < p < 1.",
                DoubleValue(0.1),
                MakeDoubleAccessor(&SdbfGossipApplication::m_decayProbability),
                MakeDoubleChecker<double>(bloom::kMinDecayProbability, bloom::kMaxDecayProbability))
            .AddAttribute("MinCount",
                          "Membership is claimed iff at least this many of the key's k "
                          "positions are set (1..k).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&SdbfGossipApplication::m_minCount),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxHashes))
            .AddAttribute("Estimator",
                          "How the count c of set positions becomes a hop estimate: mle "
                          "(argmax_h P(c | k, (1-p)^h)) or ratio (round(ln(c/k) / ln(1-p))).",
                          EnumValue(bloom::compat::AsEnumValue(bloom::SdbfEstimator::MLE)),
                          BLOOM_GOSSIP_ENUM_ACCESSOR(bloom::SdbfEstimator,
                                                     &SdbfGossipApplication::m_estimator),
                          MakeEnumChecker(bloom::compat::AsEnumValue(bloom::SdbfEstimator::MLE),
                                          bloom::ToString(bloom::SdbfEstimator::MLE),
                                          bloom::compat::AsEnumValue(bloom::SdbfEstimator::RATIO),
                                          bloom::ToString(bloom::SdbfEstimator::RATIO)));
    return tid;
}

SdbfGossipApplication::SdbfGossipApplication()
    : m_maskRng(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

void
SdbfGossipApplication::DoDispose()
{
    m_maskRng = nullptr;
    BloomGossipApplication::DoDispose();
}

int64_t
SdbfGossipApplication::AssignPolicyStreams(int64_t stream)
{
    m_maskRng->SetStream(stream);
    return 1;
}

std::string
SdbfGossipApplication::CheckAttributes() const
{
    std::string problem = BloomGossipApplication::CheckAttributes();
    if (problem.empty() && m_minCount > m_hashes)
    {
        problem = "MinCount: " + std::to_string(m_minCount) + " out of range 1.." +
                  std::to_string(m_hashes) + " (Hashes)";
    }
    return problem;
}

std::unique_ptr<bloom::FilterPolicy>
SdbfGossipApplication::CreatePolicy() const
{
    NS_LOG_FUNCTION(this << m_bits << m_hashes << m_decayProbability << m_minCount);
    bloom::PackedBits keep = bloom::DrawKeepMask(m_bits, 1.0 - m_decayProbability, [this]() {
        return m_maskRng->GetValue(0.0, 1.0);
    });
    return std::make_unique<bloom::SdbfPolicy>(m_bits,
                                               m_hashes,
                                               m_decayProbability,
                                               std::move(keep),
                                               m_minCount,
                                               static_cast<bloom::SdbfEstimator>(m_estimator));
}

} // namespace ns3
