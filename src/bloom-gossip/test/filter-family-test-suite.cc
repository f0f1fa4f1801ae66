/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the filter families as plug-ins: the registered descriptors agree
 * with the filter core's list (filter-kinds.h) and with the applications'
 * TypeIds; the family arithmetic gives what the per-family formulas gave;
 * the generic core (names, shapes, MakeFilter) covers every kind; each
 * policy's `a` column value; the BF and LBF ideal models against the real
 * policies on random key sets.
 */
#include "ns3/abf-policy.h"
#include "ns3/any-filter.h"
#include "ns3/bf-policy.h"
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/filter-family.h"
#include "ns3/ideal-hashing.h"
#include "ns3/lbf-policy.h"
#include "ns3/object-factory.h"
#include "ns3/sdbf-policy.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

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
            NS_TEST_ASSERT_MSG_EQ(f.HasLevels(), traits->levels, "levels as the filter class");
            NS_TEST_ASSERT_MSG_EQ(f.CellSlots(),
                                  traits->cellSlots,
                                  "cell slots as the filter class");
            TypeId tid;
            NS_TEST_ASSERT_MSG_EQ(TypeId::LookupByNameFailSafe(f.typeId, &tid),
                                  true,
                                  "application TypeId " << f.typeId);
            TypeId::AttributeInformation info;
            NS_TEST_ASSERT_MSG_EQ(tid.LookupAttributeByName(f.sizeAttribute, &info),
                                  true,
                                  f.typeId << " has " << f.sizeAttribute);
            // The capabilities and own options name attributes of the
            // application; a condition names another option of the family.
            for (const char* attribute :
                 {f.slotBitsAttribute, f.levelsAttribute, f.idBitsAttribute})
            {
                const bool has =
                    attribute == nullptr || tid.LookupAttributeByName(attribute, &info);
                NS_TEST_ASSERT_MSG_EQ(has, true, f.typeId << " has every capability attribute");
            }
            for (const FamilyOption& option : f.options)
            {
                NS_TEST_ASSERT_MSG_EQ(tid.LookupAttributeByName(option.attribute, &info),
                                      true,
                                      f.name << " --" << option.name << ": no "
                                             << option.attribute);
                NS_TEST_ASSERT_MSG_EQ(f.FindOption(option.attribute), &option, "FindOption");
                bool known = option.whenOption == nullptr;
                for (const FamilyOption& other : f.options)
                {
                    known = known || std::string(other.name) == option.whenOption;
                }
                NS_TEST_ASSERT_MSG_EQ(known, true, f.name << " --" << option.name << " condition");
            }
        }
        // What the harness reads of each family, as the descriptors say it.
        NS_TEST_ASSERT_MSG_EQ(std::string(GetFilterFamily(FilterKind::LINEAR).slotBitsAttribute),
                              "CellBits",
                              "LBF cells of CellBits bits");
        NS_TEST_ASSERT_MSG_EQ(std::string(GetFilterFamily(FilterKind::ATTENUATED).levelsAttribute),
                              "Depth",
                              "ABF levels");
        NS_TEST_ASSERT_MSG_EQ(
            std::string(GetFilterFamily(FilterKind::DISTANCE_VECTOR).idBitsAttribute),
            "IdBits",
            "DV ids");
        NS_TEST_ASSERT_MSG_EQ(GetFilterFamily(FilterKind::LINEAR).options.size(),
                              5U,
                              "LBF options");
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
                                        "\"Scope-decay BF\", \"distance\": true}"),
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
                        NS_TEST_ASSERT_MSG_EQ(f.SlotsInBudget(budget, b, f.Levels(d)),
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
        : TestCase("FilterPolicy::Attenuation: the per-hop attenuation as values")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(BfPolicy(64, 2).Attenuation().has_value(), false, "BF");
        NS_TEST_ASSERT_MSG_EQ(AbfPolicy(3, 64, 2).Attenuation().has_value(), false, "ABF");
        const auto lbf = [](LbfDecay decay) {
            return LbfPolicy(64, 8, 2, Quantization::FLOOR, std::move(decay))
                .Attenuation()
                .value_or(FilterPolicy::HopAttenuation{-1, 99});
        };
        NS_TEST_ASSERT_MSG_EQ(lbf(LbfDecay::Multiplicative(0.9, 8)).factor, 0.9, "LBF a");
        NS_TEST_ASSERT_MSG_EQ(lbf(LbfDecay::Multiplicative(0.9, 8)).step, 0U, "no step");
        NS_TEST_ASSERT_MSG_EQ(lbf(LbfDecay::Subtractive(20, 8)).step, 20U, "LBF delta");
        NS_TEST_ASSERT_MSG_EQ(lbf(LbfDecay::Subtractive(20, 8)).factor, 0.0, "no factor");
        PackedBits keep(64);
        const auto sdbf = SdbfPolicy(64, 2, 0.3, keep, 1, SdbfEstimator::MLE).Attenuation();
        NS_TEST_ASSERT_MSG_EQ(sdbf.has_value(), true, "SDBF");
        NS_TEST_ASSERT_MSG_EQ(sdbf->factor, 1 - 0.3, "SDBF keep probability 1 - p");
        NS_TEST_ASSERT_MSG_EQ(sdbf->step, 0U, "SDBF no step");
    }
};

/// \ingroup bloom-gossip-tests
/// FilterPolicy::IdealModel against the real policies: a node's converged
/// filter built with Build() alone from random keys at given distances (the
/// keys at distance h enter h hops away, as on a line), its exact estimates
/// and false positives on absent keys averaged over many key sets, within
/// four standard errors of the model; a model that counts every other key
/// instead of the closer ones is rejected by the same check.
class IdealModelTestCase : public TestCase
{
  public:
    IdealModelTestCase()
        : TestCase("FilterPolicy::IdealModel: BF and LBF models match the policies")
    {
    }

  private:
    /// Mean and standard error of a sample.
    struct Mean
    {
        double mean;
        double se;
    };

    static Mean Summarise(const std::vector<double>& xs)
    {
        double sum = 0;
        double sumSq = 0;
        for (double x : xs)
        {
            sum += x;
            sumSq += x * x;
        }
        const auto n = static_cast<double>(xs.size());
        const double mean = sum / n;
        const double variance = std::max(sumSq - n * mean * mean, 0.0) / (n - 1);
        return {mean, std::sqrt(variance / n)};
    }

    /**
     * Build one node's filter: resource ids[i] at distance hops[i].
     * \param policy the family
     * \param ids the resource ids
     * \param hops their distances
     * \return the converged filter of the node
     */
    static AnyFilter Converged(const FilterPolicy& policy,
                               const std::vector<uint64_t>& ids,
                               const std::vector<uint32_t>& hops)
    {
        const uint32_t far = *std::max_element(hops.begin(), hops.end());
        std::optional<AnyFilter> outer;
        for (uint32_t h = far + 1; h-- > 0;)
        {
            std::vector<uint64_t> here;
            for (size_t i = 0; i < ids.size(); ++i)
            {
                if (hops[i] == h)
                {
                    here.push_back(ids[i]);
                }
            }
            std::vector<const AnyFilter*> neighbours;
            if (outer)
            {
                neighbours.push_back(&*outer);
            }
            AnyFilter next = policy.Build(here, neighbours);
            outer = std::move(next);
        }
        return *outer;
    }

    /**
     * Measure one policy on `trials` key sets at the distances `hops` and
     * hold the means against its model.
     * \param policy the family
     * \param hops the distances (one key each)
     * \param trials key sets
     * \param wrongExact a wrong model of the exact count, to reject (< 0: none)
     */
    void Check(const FilterPolicy& policy,
               const std::vector<uint32_t>& hops,
               uint32_t trials,
               double wrongExact)
    {
        const auto model = policy.IdealModel(hops);
        NS_TEST_ASSERT_MSG_EQ(model.has_value(), true, policy.Describe() + " has a model");
        NS_TEST_ASSERT_MSG_EQ(model->exact.has_value(),
                              policy.HasDistance(),
                              "an exact count iff the family has distances");
        std::mt19937_64 rng(0x28 + hops.size());
        const uint32_t probes = 200;
        std::vector<double> fprs;
        std::vector<double> exacts;
        for (uint32_t t = 0; t < trials; ++t)
        {
            std::vector<uint64_t> ids;
            std::vector<Key> keys;
            for (size_t i = 0; i < hops.size(); ++i)
            {
                ids.push_back(rng());
                keys.push_back(Key::FromId(ids.back()));
            }
            const AnyFilter filter = Converged(policy, ids, hops);
            uint32_t hits = 0;
            for (uint32_t p = 0; p < probes; ++p)
            {
                hits += policy.Contains(filter, Key::FromId(rng())) ? 1 : 0;
            }
            fprs.push_back(static_cast<double>(hits) / probes);
            uint32_t exact = 0;
            for (size_t i = 0; i < keys.size(); ++i)
            {
                const auto e = policy.EstimateHops(filter, keys[i]);
                exact += e && *e == hops[i] ? 1 : 0;
            }
            exacts.push_back(exact);
        }
        const Mean fpr = Summarise(fprs);
        const std::string what = policy.Describe() + ", " + std::to_string(hops.size()) + " keys";
        NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(fpr.mean - model->fpr),
                                    4 * fpr.se + 1e-3,
                                    what + ": FPR " + std::to_string(fpr.mean) + " vs model " +
                                        std::to_string(model->fpr));
        if (!model->exact)
        {
            return;
        }
        const Mean exact = Summarise(exacts);
        NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(exact.mean - *model->exact),
                                    4 * exact.se + 1e-3,
                                    what + ": exact " + std::to_string(exact.mean) + " vs model " +
                                        std::to_string(*model->exact));
        if (wrongExact >= 0)
        {
            NS_TEST_EXPECT_MSG_GT(std::abs(exact.mean - wrongExact),
                                  4 * exact.se + 1e-3,
                                  what + ": the check rejects a wrong model");
        }
    }

    void DoRun() override
    {
        // Defaults: a family without a model.
        PackedBits keep(64);
        NS_TEST_ASSERT_MSG_EQ(AbfPolicy(3, 64, 2).IdealModel({0, 1}).has_value(), false, "ABF");
        NS_TEST_ASSERT_MSG_EQ(
            SdbfPolicy(64, 2, 0.3, keep, 1, SdbfEstimator::MLE).IdealModel({0}).has_value(),
            false,
            "SDBF");

        // BF: n keys, wherever they are.
        const BfPolicy bf(256, 4);
        NS_TEST_ASSERT_MSG_EQ_TOL(bf.IdealModel(std::vector<uint32_t>(40, 3))->fpr,
                                  IdealHashingFpr(256, 4, 40),
                                  1e-15,
                                  "BF: F(m, k, n)");
        Check(bf, std::vector<uint32_t>(60, 2), 300, -1);

        // LBF, subtractive delta 1 (b = 3: horizon 6, so some keys lie beyond it)
        // and multiplicative a = 0.9 (b = 8: horizon far beyond the keys).
        std::mt19937 draw(28);
        std::vector<uint32_t> spread;
        for (uint32_t i = 0; i < 48; ++i)
        {
            spread.push_back(draw() % 11); // 0..10
        }
        const auto wrong = [](const LbfPolicy& p, const std::vector<uint32_t>& hops) {
            // Every other key within the horizon may cover a key's cells.
            const uint32_t horizon = p.Reach();
            uint32_t within = 0;
            for (uint32_t h : hops)
            {
                within += h <= horizon ? 1 : 0;
            }
            const uint32_t m = p.GetShape().slots;
            return within * (1 - IdealHashingFpr(m, 4, within - 1));
        };
        const LbfPolicy sub(64, 3, 4, Quantization::FLOOR, LbfDecay::Subtractive(1, 3));
        NS_TEST_ASSERT_MSG_EQ(sub.Reach(), 6U, "b = 3, delta 1: levels 7..1, horizon 6");
        const LbfPolicy mul(128, 8, 4, Quantization::FLOOR, LbfDecay::Multiplicative(0.9, 8));
        const auto subModel = sub.IdealModel(spread);
        uint32_t beyond = 0;
        for (uint32_t h : spread)
        {
            beyond += h > 6 ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ((beyond > 0), true, "some keys beyond the horizon");
        NS_TEST_ASSERT_MSG_EQ_TOL(subModel->fpr,
                                  IdealHashingFpr(64, 4, spread.size() - beyond),
                                  1e-15,
                                  "LBF: FPR from the keys within the horizon");
        Check(sub, spread, 400, wrong(sub, spread));
        Check(mul, spread, 400, wrong(mul, spread));
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
        AddTestCase(new IdealModelTestCase, test::kQuick);
    }
};

FilterFamilyTestSuite g_filterFamilyTestSuite;

} // namespace
