/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Linear Bloom filter gossip: the BloomGossipApplication of the LBF family.
 */
#ifndef BLOOM_GOSSIP_LBF_GOSSIP_APPLICATION_H
#define BLOOM_GOSSIP_LBF_GOSSIP_APPLICATION_H

#include "bloom-gossip-application.h"

#include <string>

namespace ns3
{

/**
 * \ingroup bloom-gossip
 * \brief Linear Bloom filter gossip (Lima, Baquero, Miranda).
 */
class LbfGossipApplication : public BloomGossipApplication
{
  public:
    /// Per-hop decay of LBF cells.
    enum DecayMode
    {
        MULTIPLICATIVE, //!< q <- floor(a q)
        SUBTRACTIVE,    //!< q <- max(0, q - delta)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \return a problem with Step (subtractive decay: 1..2^CellBits - 1) or
     *         Factor (multiplicative: it must lower every cell value of
     *         CellBits bits), or empty
     */
    std::string CheckAttributes() const override;

  protected:
    std::unique_ptr<bloom::FilterPolicy> CreatePolicy() const override;

  private:
    uint32_t m_cells;
    uint32_t m_cellBits;
    uint32_t m_hashes;
    bloom::compat::EnumStorage<bloom::Quantization> m_quantization; //!< bloom::Quantization
    DecayMode m_decayMode;
    double m_factor;
    uint32_t m_step;
};

/**
 * \ingroup bloom-gossip
 * \param mode a decay mode
 * \return "multiplicative" or "subtractive", its name as a value of attribute
 *         Decay
 */
std::string ToString(LbfGossipApplication::DecayMode mode);
/**
 * \ingroup bloom-gossip
 * Inverse of ToString(DecayMode); throws std::invalid_argument
 * "'<name>' is not multiplicative or subtractive" on anything else.
 * \param name "multiplicative" or "subtractive"
 * \return the decay mode
 */
LbfGossipApplication::DecayMode ParseDecayMode(const std::string& name);

} // namespace ns3

#endif // BLOOM_GOSSIP_LBF_GOSSIP_APPLICATION_H
