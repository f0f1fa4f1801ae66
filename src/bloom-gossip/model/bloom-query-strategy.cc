/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bloom-query-strategy.h"

#include "bloom-gossip-compat.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"

#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BloomQueryStrategy");

NS_OBJECT_ENSURE_REGISTERED(BloomQueryStrategy);

namespace
{

#if BLOOM_GOSSIP_NS3_VERSION >= 3042
using StrategyChecker = EnumChecker<bloom::QueryStrategy>;
#else
using StrategyChecker = EnumChecker;
#endif

/// The Strategy attribute's checker, shared by the attribute and every
/// registration (whichever static initialiser runs first creates it).
Ptr<StrategyChecker>
SharedChecker()
{
    static Ptr<StrategyChecker> checker = Create<StrategyChecker>();
    return checker;
}

} // namespace

TypeId
BloomQueryStrategy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BloomQueryStrategy").SetParent<Object>().SetGroupName("BloomGossip");
    return tid;
}

BloomQueryStrategy::BloomQueryStrategy() = default;

BloomQueryStrategy::~BloomQueryStrategy() = default;

void
BloomQueryStrategy::Install(QueryStrategyHost* host, const bloom::QueryStrategyInfo& info)
{
    NS_ABORT_MSG_IF(m_host, "BloomQueryStrategy " << info.name << " installed twice");
    m_host = host;
    m_info = info;
}

void
BloomQueryStrategy::ReceiveFrame(const uint8_t*, size_t, const Address&)
{
}

void
BloomQueryStrategy::Finish(const bloom::QueryId&)
{
}

void
BloomQueryStrategy::Stop()
{
}

void
BloomQueryStrategy::DoDispose()
{
    Stop();
    m_host = nullptr;
    Object::DoDispose();
}

QueryStrategyHost&
BloomQueryStrategy::Host() const
{
    NS_ASSERT_MSG(m_host, "BloomQueryStrategy used before Install");
    return *m_host;
}

const bloom::QueryStrategyInfo&
BloomQueryStrategy::Info() const
{
    return m_info;
}

bool
RegisterQueryStrategyClass(const bloom::QueryStrategyInfo& info)
{
    try
    {
        bloom::RegisterQueryStrategy(info);
    }
    catch (const std::invalid_argument& e)
    {
        NS_FATAL_ERROR(e.what());
    }
    SharedChecker()->Add(bloom::compat::AsEnumValue(info.code), info.name);
    return true;
}

Ptr<const AttributeChecker>
MakeQueryStrategyChecker()
{
    return SharedChecker();
}

Ptr<BloomQueryStrategy>
CreateQueryStrategy(bloom::QueryStrategy code)
{
    const bloom::QueryStrategyInfo* info = bloom::FindQueryStrategy(code);
    NS_ABORT_MSG_UNLESS(info, "no query strategy registered with code " << static_cast<int>(code));
    ObjectFactory factory;
    factory.SetTypeId(info->typeId);
    Ptr<BloomQueryStrategy> strategy = factory.Create<BloomQueryStrategy>();
    NS_ABORT_MSG_UNLESS(strategy,
                        "query strategy " << info->name << ": " << info->typeId
                                          << " is not a BloomQueryStrategy");
    return strategy;
}

} // namespace ns3
