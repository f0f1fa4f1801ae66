/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lbf-gossip-application.h"

#include "lbf-policy.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/filter-family.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"
#include "ns3/user-text.h"

#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LbfGossipApplication");

NS_OBJECT_ENSURE_REGISTERED(LbfGossipApplication);

namespace
{

/// The family's descriptor (bloom::FilterFamilies()): names, application,
/// capabilities and its own options.
bloom::FilterFamily
Family()
{
    bloom::FilterFamily f;
    f.kind = bloom::FilterKind::LINEAR;
    f.name = "lbf";
    f.label = "LBF";
    f.title = "Linear BF";
    f.typeId = "ns3::LbfGossipApplication";
    f.sizeAttribute = "Cells";
    f.sizeHelp = "cells";
    f.distance = true;
    f.purgeBound = true;
    f.slotBitsAttribute = "CellBits";
    f.options = {
        {"b", "CellBits", "LBF bits per cell", "b"},
        {"quantization", "Quantization", "LBF quantization"},
        {"decay", "Decay", "LBF per-hop decay"},
        {"a", "Factor", "LBF multiplicative factor", "a", "", nullptr, "decay", "multiplicative"},
        {"delta",
         "Step",
         "LBF subtractive step, at most 2^b - 1",
         "a",
         "",
         nullptr,
         "decay",
         "subtractive"},
    };
    return f;
}

const bloom::FilterFamilyRegistration g_family(Family());

} // namespace

TypeId
LbfGossipApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LbfGossipApplication")
            .SetParent<BloomGossipApplication>()
            .SetGroupName("BloomGossip")
            .AddConstructor<LbfGossipApplication>()
            .AddAttribute("Cells",
                          "Linear Bloom filter cells m.",
                          UintegerValue(128),
                          MakeUintegerAccessor(&LbfGossipApplication::m_cells),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxSlots))
            .AddAttribute("CellBits",
                          "Bits per cell b.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&LbfGossipApplication::m_cellBits),
                          MakeUintegerChecker<uint32_t>(bloom::kMinCellBits, bloom::kMaxCellBits))
            .AddAttribute("Hashes",
                          "Hash functions k.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&LbfGossipApplication::m_hashes),
                          MakeUintegerChecker<uint32_t>(1, bloom::kMaxHashes))
            .AddAttribute("Quantization",
                          "How a confidence becomes a cell value.",
                          EnumValue(bloom::compat::AsEnumValue(bloom::Quantization::FLOOR)),
                          BLOOM_GOSSIP_ENUM_ACCESSOR(bloom::Quantization,
                                                     &LbfGossipApplication::m_quantization),
                          MakeEnumChecker(bloom::compat::AsEnumValue(bloom::Quantization::FLOOR),
                                          bloom::ToString(bloom::Quantization::FLOOR),
                                          bloom::compat::AsEnumValue(bloom::Quantization::CEIL),
                                          bloom::ToString(bloom::Quantization::CEIL),
                                          bloom::compat::AsEnumValue(bloom::Quantization::ROUND),
                                          bloom::ToString(bloom::Quantization::ROUND)))
            .AddAttribute("Decay",
                          "Per-hop decay: multiplicative (q <- floor(a q)) or subtractive "
                          "(q <- max(0, q - delta)).",
                          EnumValue(LbfGossipApplication::MULTIPLICATIVE),
                          BLOOM_GOSSIP_ENUM_ACCESSOR(DecayMode, &LbfGossipApplication::m_decayMode),
                          MakeEnumChecker(LbfGossipApplication::MULTIPLICATIVE,
                                          ToString(LbfGossipApplication::MULTIPLICATIVE),
                                          LbfGossipApplication::SUBTRACTIVE,
                                          ToString(LbfGossipApplication::SUBTRACTIVE)))
            .AddAttribute("Factor",
                          "Multiplicative attenuation factor a, 0 < a < 1.",
                          DoubleValue(0.9),
                          MakeDoubleAccessor(&LbfGossipApplication::m_factor),
                          MakeDoubleChecker<double>(bloom::kMinDecayFactor, bloom::kMaxDecayFactor))
            .AddAttribute("Step",
                          "Subtractive decay step delta, 1 <= delta < 2^b.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&LbfGossipApplication::m_step),
                          MakeUintegerChecker<uint32_t>(1, 65535));
    return tid;
}

std::string
LbfGossipApplication::CheckAttributes() const
{
    std::string problem = BloomGossipApplication::CheckAttributes();
    if (!problem.empty())
    {
        return problem;
    }
    const uint32_t top = (1U << m_cellBits) - 1;
    if (m_decayMode == SUBTRACTIVE && m_step > top)
    {
        return "Step: " + std::to_string(m_step) + " out of range 1.." + std::to_string(top) +
               " for CellBits " + std::to_string(m_cellBits);
    }
    if (m_decayMode == MULTIPLICATIVE)
    {
        try
        {
            bloom::LbfDecay::Multiplicative(m_factor, m_cellBits);
        }
        catch (const std::invalid_argument& e)
        {
            return "Factor: " + bloom::ShortestDecimal(m_factor) + " with CellBits " +
                   std::to_string(m_cellBits) + ": " + e.what();
        }
    }
    return "";
}

std::unique_ptr<bloom::FilterPolicy>
LbfGossipApplication::CreatePolicy() const
{
    NS_LOG_FUNCTION(this << m_cells << m_cellBits << m_hashes);
    bloom::LbfDecay decay = m_decayMode == MULTIPLICATIVE
                                ? bloom::LbfDecay::Multiplicative(m_factor, m_cellBits)
                                : bloom::LbfDecay::Subtractive(m_step, m_cellBits);
    return std::make_unique<bloom::LbfPolicy>(m_cells,
                                              m_cellBits,
                                              m_hashes,
                                              static_cast<bloom::Quantization>(m_quantization),
                                              std::move(decay));
}

std::string
ToString(LbfGossipApplication::DecayMode mode)
{
    return mode == LbfGossipApplication::SUBTRACTIVE ? "subtractive" : "multiplicative";
}

LbfGossipApplication::DecayMode
ParseDecayMode(const std::string& name)
{
    return bloom::ParseName(
        name,
        {LbfGossipApplication::MULTIPLICATIVE, LbfGossipApplication::SUBTRACTIVE});
}

} // namespace ns3
