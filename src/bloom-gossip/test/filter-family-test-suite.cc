/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the filter families as plug-ins: the registered descriptors agree
 * with the filter core's list (filter-kinds.h) and with the applications'
 * TypeIds; the family arithmetic gives what the per-family formulas gave;
 * the generic core (names, shapes, MakeFilter) covers every kind; each
 * policy's `a` column value.
 */
#include "ns3/abf-policy.h"
#include "ns3/any-filter.h"
#include "ns3/bf-policy.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/filter-family.h"
#include "ns3/lbf-policy.h"
#include "ns3/object-factory.h"
#include "ns3/sdbf-policy.h"
#include "ns3/test.h"

#include <set>
#include <stdexcept>
#include <string>

using namespace ns3;
using namespace ns3::bloom;

namespace
{

/// \ingroup bloom-gossip-tests
/// The registry: one descriptor per kind of filter-kinds.h, in its order,
/// named as the core names the kind, each with an application TypeId that
/// has its size attribute.
class RegistryTestCase : public TestCase
{
  public:
    RegistryTestCase()
        : TestCase("family descriptors: one per filter kind, in order, TypeIds and attributes")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<FilterKind> kinds = FilterKinds();
        const std::vector<FilterFamily>& families = FilterFamilies();
        NS_TEST_ASSERT_MSG_EQ(families.size(), kinds.size(), "one descriptor per filter kind");
        NS_TEST_ASSERT_MSG_EQ(FilterFamilyNames(", "),
                              "bf, lbf, abf, sdbf, dv",
                              "order of --filter all");
        std::set<std::string> colours;
        for (size_t i = 0; i < families.size() && i < kinds.size(); ++i)
        {
            const FilterFamily& f = families[i];
            NS_TEST_ASSERT_MSG_EQ((f.kind == kinds[i]), true, "descriptors in the kinds' order");
            NS_TEST_ASSERT_MSG_EQ(std::string(f.name), ToString(f.kind), "the core's name");
            NS_TEST_ASSERT_MSG_EQ((ParseFilterKind(f.name) == f.kind), true, "name read back");
            NS_TEST_ASSERT_MSG_EQ(&GetFilterFamily(f.kind), &f, "GetFilterFamily");
            NS_TEST_ASSERT_MSG_EQ(FindFilterFamily(f.name), &f, "FindFilterFamily");
            const FilterTraits* traits = GetFilterTraits(f.kind);
            NS_TEST_ASSERT_MSG_NE(traits, nullptr, "the core has the kind");
            NS_TEST_ASSERT_MSG_EQ(f.levels, traits->levels, "levels as the filter class");
            NS_TEST_ASSERT_MSG_EQ(f.cellSlots, traits->cellSlots, "cell slots as the filter class");
            TypeId tid;
            NS_TEST_ASSERT_MSG_EQ(TypeId::LookupByNameFailSafe(f.typeId, &tid),
                                  true,
                                  "application TypeId " << f.typeId);
            TypeId::AttributeInformation info;
            NS_TEST_ASSERT_MSG_EQ(tid.LookupAttributeByName(f.sizeAttribute, &info),
                                  true,
                                  f.typeId << " has " << f.sizeAttribute);
            colours.insert(f.colour);
        }
        NS_TEST_ASSERT_MSG_EQ(colours.size(), families.size(), "a colour per family");
        NS_TEST_ASSERT_MSG_EQ(FindFilterFamily("xyz"), nullptr, "unknown name");
        NS_TEST_ASSERT_MSG_EQ(GetFilterTraits(static_cast<FilterKind>(0)), nullptr, "kind 0");
        NS_TEST_ASSERT_MSG_EQ(ToString(static_cast<FilterKind>(kinds.size() + 1)),
                              "unknown",
                              "kind past the list");
        bool refused = false;
        try
        {
            FilterFamilyRegistration again(families.front());
        }
        catch (const std::logic_error&)
        {
            refused = true;
        }
        NS_TEST_ASSERT_MSG_EQ(refused, true, "a kind registered twice is refused");
        NS_TEST_ASSERT_MSG_EQ(FilterFamilies().size(), kinds.size(), "and not added");
        const std::string json = FilterFamiliesJson();
        NS_TEST_ASSERT_MSG_EQ(json.find("{\"name\": \"sdbf\", \"label\": \"SDBF\", \"title\": "
                                        "\"Scope-decay BF\", \"colour\": \"tab:green\""),
                              json.find("{\"name\": \"sdbf\""),
                              "the JSON row of the SDBF");
        NS_TEST_ASSERT_MSG_NE(json.find("\"sdbf\""), std::string::npos, "the SDBF is in the JSON");
    }
};

/// \ingroup bloom-gossip-tests
/// Slot bits, levels, budget slots, least budget and purge bound: what the
/// runner computed per family before the descriptor did.
class ArithmeticTestCase : public TestCase
{
  public:
    ArithmeticTestCase()
        : TestCase("family arithmetic: slot bits, levels, budget, purge bound")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t budget : {1U, 7U, 92U, 1000U})
        {
            for (uint32_t b : {1U, 4U, 8U, 13U, 16U})
            {
                for (uint32_t d : {1U, 3U, 9U})
                {
                    const uint64_t bits = uint64_t{budget} * 8;
                    for (const FilterFamily& f : FilterFamilies())
                    {
                        // DV: m is in bytes (one byte of entries per unit).
                        const uint64_t expected = f.kind == FilterKind::LINEAR ? bits / b
                                                  : f.kind == FilterKind::ATTENUATED
                                                      ? budget / d * 8
                                                  : f.kind == FilterKind::DISTANCE_VECTOR ? budget
                                                                                          : bits;
                        NS_TEST_ASSERT_MSG_EQ(f.SlotsInBudget(budget, b, d),
                                              expected,
                                              f.name << " B=" << budget << " b=" << b);
                        const uint64_t need = f.kind == FilterKind::LINEAR       ? (b + 7) / 8
                                              : f.kind == FilterKind::ATTENUATED ? d
                                                                                 : 1;
                        NS_TEST_ASSERT_MSG_EQ(f.MinBudgetBytes(b, d), need, f.name << " need");
                        NS_TEST_ASSERT_MSG_EQ(f.SlotBits(b),
                                              (f.kind == FilterKind::LINEAR            ? b
                                               : f.kind == FilterKind::DISTANCE_VECTOR ? 8U
                                                                                       : 1U),
                                              f.name << " slot bits");
                        NS_TEST_ASSERT_MSG_EQ(f.Levels(d),
                                              (f.kind == FilterKind::ATTENUATED ? d : 1U),
                                              f.name << " levels");
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(GetFilterFamily(FilterKind::ATTENUATED).MinBudgetBytes(8, 0),
                              0U,
                              "automatic depth: checked later");
        for (const FilterFamily& f : FilterFamilies())
        {
            NS_TEST_ASSERT_MSG_EQ(f.purgeBound,
                                  (f.kind != FilterKind::SCOPE_DECAY),
                                  f.name << ": no purge bound for the SDBF only");
            NS_TEST_ASSERT_MSG_EQ(f.distance,
                                  (f.kind != FilterKind::BLOOM),
                                  f.name << ": distance but for the BF");
        }
    }
};

/// \ingroup bloom-gossip-tests
/// The generic core: every kind's empty filter has the shape it was made
/// from, shapes are checked by the family's traits, names are read back.
class GenericCoreTestCase : public TestCase
{
  public:
    GenericCoreTestCase()
        : TestCase("filter core generic over filter-kinds.h: MakeFilter, ShapeOf, Validate")
    {
    }

  private:
    void DoRun() override
    {
        for (FilterKind kind : FilterKinds())
        {
            const FilterTraits& t = *GetFilterTraits(kind);
            FilterShape s;
            s.kind = kind;
            s.hashes = 3;
            s.slots = 40;
            s.slotBits = t.entrySlots ? 5 : t.cellSlots ? 4 : 1; // DV: 3 id bits, 2 hop bits
            s.depth = t.levels ? 5 : 1;
            s.quantization = t.quantized ? Quantization::ROUND : Quantization::FLOOR;
            s.Validate();
            const AnyFilter f = MakeFilter(s);
            NS_TEST_ASSERT_MSG_EQ((ShapeOf(f) == s), true, ToString(kind) << " shape");
            NS_TEST_ASSERT_MSG_EQ(f.index() + 1, static_cast<size_t>(kind), "alternative of kind");
            FilterShape wrong = s;
            wrong.slotBits = t.entrySlots ? 3 : t.cellSlots ? 17 : 2; // DV: no hop bits
            bool refused = false;
            try
            {
                wrong.Validate();
            }
            catch (const DecodeError&)
            {
                refused = true;
            }
            NS_TEST_ASSERT_MSG_EQ(refused, true, ToString(kind) << " slot width checked");
        }
        NS_TEST_ASSERT_MSG_EQ((KindOf<ScopeDecayBloomFilter>() == FilterKind::SCOPE_DECAY),
                              true,
                              "a derived class has its own kind");
        NS_TEST_ASSERT_MSG_EQ(
            (ShapeOf(ScopeDecayBloomFilter(8, 2)).kind == FilterKind::SCOPE_DECAY),
            true,
            "ShapeOf of an SDBF");
        bool refused = false;
        try
        {
            ParseFilterKind("xyz");
        }
        catch (const std::invalid_argument& e)
        {
            refused = std::string(e.what()).find("bf, lbf, abf, sdbf, dv") != std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(refused, true, "unknown name refused, the names listed");
        FilterShape none;
        none.kind = static_cast<FilterKind>(9);
        refused = false;
        try
        {
            MakeFilter(none);
        }
        catch (const std::invalid_argument&)
        {
            refused = true;
        }
        NS_TEST_ASSERT_MSG_EQ(refused, true, "MakeFilter of no kind");
    }
};

/// \ingroup bloom-gossip-tests
/// The `a` column from the policies, as the CSVs wrote it from the options.
class AttenuationTestCase : public TestCase
{
  public:
    AttenuationTestCase()
        : TestCase("FilterPolicy::Attenuation: the CSVs' a column")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(BfPolicy(64, 2).Attenuation(), "NA", "BF");
        NS_TEST_ASSERT_MSG_EQ(AbfPolicy(3, 64, 2).Attenuation(), "NA", "ABF");
        const auto lbf = [](LbfDecay decay) {
            return LbfPolicy(64, 8, 2, Quantization::FLOOR, std::move(decay)).Attenuation();
        };
        NS_TEST_ASSERT_MSG_EQ(lbf(LbfDecay::Multiplicative(0.9, 8)), "0.9", "LBF a");
        NS_TEST_ASSERT_MSG_EQ(lbf(LbfDecay::Multiplicative(1.0 / 3, 8)), "0.333333", "%.6g");
        NS_TEST_ASSERT_MSG_EQ(lbf(LbfDecay::Subtractive(20, 8)), "sub20", "LBF delta");
        PackedBits keep(64);
        NS_TEST_ASSERT_MSG_EQ(SdbfPolicy(64, 2, 0.3, keep, 1, SdbfEstimator::MLE).Attenuation(),
                              "0.7",
                              "SDBF keep probability 1 - p");
    }
};

/// \ingroup bloom-gossip-tests
/// Test suite bloom-gossip-filter-family.
class FilterFamilyTestSuite : public TestSuite
{
  public:
    FilterFamilyTestSuite()
        : TestSuite("bloom-gossip-filter-family", test::kUnit)
    {
        AddTestCase(new RegistryTestCase, test::kQuick);
        AddTestCase(new ArithmeticTestCase, test::kQuick);
        AddTestCase(new GenericCoreTestCase, test::kQuick);
        AddTestCase(new AttenuationTestCase, test::kQuick);
    }
};

FilterFamilyTestSuite g_filterFamilyTestSuite;

} // namespace
