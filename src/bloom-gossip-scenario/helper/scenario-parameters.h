/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The registry of the scenario parameters: every knob of a gossip run
 * (GossipScenarioConfig) declared once, with its option name, help section,
 * type, unit, allowed values, default, help, the ns-3 attributes it sets, its
 * runs.csv columns and when it applies.  The command-line options of the
 * scenario programs, the range checks of GossipScenarioConfig::Validate, the
 * owned-attribute table (ScenarioOptionOwning), the options that apply only
 * under a condition (ScenarioOptionScopes), the attribute push of the gossip
 * applications (MakeGossipHelper) and the option table of the scenario
 * chapter are derived from it.
 */
#ifndef BLOOM_GOSSIP_SCENARIO_PARAMETERS_H
#define BLOOM_GOSSIP_SCENARIO_PARAMETERS_H

#include "gossip-scenario-config.h"

#include "ns3/attribute.h"
#include "ns3/ptr.h"
#include "ns3/type-id.h"

#include <boost/program_options.hpp>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace ns3
{

namespace cli
{
class OptionAdder;
}

/**
 * \ingroup bloom-gossip-scenario
 * \brief One knob of a gossip run, declared once (ScenarioParameters()).
 */
struct ScenarioParameter
{
    /// The value type of the option.
    enum class Type : uint8_t
    {
        FLAG,     //!< a switch
        TEXT,     //!< free text (a file name)
        CHOICE,   //!< one of `choices`
        LIST,     //!< a text parsed into a value (--query-strategy)
        UNSIGNED, //!< an integer in lo..hi
        REAL,     //!< a real number in the interval lo..hi (ends open or closed)
    };

    /// Whether the parameter applies to a sweep of a configuration over filter families.
    using Applies =
        std::function<bool(const GossipScenarioConfig&, const std::vector<bloom::FilterKind>&)>;

    /// An ns-3 attribute the parameter sets and the value it gets from a configuration.
    struct Attribute
    {
        TypeId type;      //!< owner type, e.g. BloomGossipApplication
        std::string name; //!< attribute name, e.g. "BeaconInterval"
        /// The value MakeGossipHelper gives it; null: set elsewhere (a helper
        /// of the run, e.g. the query or duty-cycle helper, or an ns-3 model).
        std::function<Ptr<AttributeValue>(const GossipScenarioConfig&)> value;
        /// The module's own attribute holding the option's value: its checker
        /// must allow exactly the parameter's values (the suite
        /// bloom-gossip-scenario-parameters compares them).  False for ns-3's
        /// models (whose checkers the module cannot narrow) and for values the
        /// run derives from the option.
        bool exact;
    };

    std::string name;      //!< option name without dashes, e.g. "interval"
    std::string option;    //!< "--" + name
    std::string group;     //!< help section, e.g. "Gossip"
    Type type{Type::TEXT}; //!< value type
    std::string unit;      //!< unit, e.g. "s" (may be empty)
    double lo{0};          //!< UNSIGNED, REAL: smallest value
    double hi{0};          //!< UNSIGNED, REAL: largest value
    bool loOpen{false};    //!< REAL: lo excluded
    bool hiOpen{false};    //!< REAL: hi excluded
    std::string zero; //!< UNSIGNED, REAL: what 0 means when allowed besides lo..hi, e.g. "auto"
    std::vector<std::string> choices;  //!< CHOICE: the names
    std::string help;                  //!< help text (the allowed values are appended)
    std::vector<Attribute> attributes; //!< module attributes it sets (checkers must agree)
    std::vector<std::string> columns;  //!< runs.csv columns showing it
    std::string condition;             //!< when it applies (empty: always)
    Applies applies;                   //!< whether `condition` holds (null: always)
    bool warnOnly{false};              //!< given where it does not apply: a warning, not an error
    /// Adds the option (this parameter, the last argument), bound to a field of the configuration.
    std::function<void(cli::OptionAdder&, GossipScenarioConfig&, const ScenarioParameter&)>
        addOption;
    /// The value as the option would be written (the default for a default configuration).
    std::function<std::string(const GossipScenarioConfig&)> print;
    /// UNSIGNED, REAL: the value as a number.
    std::function<double(const GossipScenarioConfig&)> number;
    /// Whether Validate checks the range (null: always), e.g. --a only with multiplicative decay.
    std::function<bool(const GossipScenarioConfig&)> checked;

    /// \return the allowed values, e.g. "(0, 1)", "1..64", "0 (auto) or [0.001, 1e+07]",
    ///         "floor | ceil | round"
    std::string Allowed() const;
    /// \param v a value \return whether it is allowed (UNSIGNED, REAL)
    bool Contains(double v) const;
};

/**
 * \ingroup bloom-gossip-scenario
 * \return every parameter, in the order of the help sections
 */
const std::vector<ScenarioParameter>& ScenarioParameters();

/**
 * \ingroup bloom-gossip-scenario
 * \param name an option name without dashes
 * \return its parameter, or nullptr
 */
const ScenarioParameter* FindScenarioParameter(const std::string& name);

/**
 * \ingroup bloom-gossip-scenario
 * \return the help sections, in order
 */
std::vector<std::string> ScenarioParameterGroups();

/**
 * \ingroup bloom-gossip-scenario
 * Add the options of help section `group` to `description`, bound to the
 * fields of `config` (their current values are the defaults).
 * \param description where the options go
 * \param group a help section
 * \param config the configuration the options write
 */
void AddScenarioOptions(boost::program_options::options_description& description,
                        const std::string& group,
                        GossipScenarioConfig& config);

/**
 * \ingroup bloom-gossip-scenario
 * The range check of every parameter (one per parameter, from the table):
 * throws std::invalid_argument "--option: V out of range ALLOWED".
 * \param config the configuration
 */
void CheckScenarioParameterRanges(const GossipScenarioConfig& config);

/**
 * \ingroup bloom-gossip-scenario
 * The parameters' attributes of the gossip application type `typeId` (the
 * type or an ancestor of it owns them), with their values for `config`.
 * \param typeId a gossip application TypeId name
 * \param config the configuration (slots and depth resolved)
 * \return (attribute name, value) pairs
 */
std::vector<std::pair<std::string, Ptr<AttributeValue>>> ScenarioAttributeValues(
    const std::string& typeId,
    const GossipScenarioConfig& config);

/**
 * \ingroup bloom-gossip-scenario
 * The option table of the scenario chapter (reStructuredText list-table,
 * the default from a default configuration) and the list of runs.csv
 * configuration columns: what `diameter-sweep --print-options=rst` prints.
 * \return the text
 */
std::string ScenarioParametersRst();

/**
 * \ingroup bloom-gossip-scenario
 * Who sets attribute `attribute` of type `tid` (or of a type it derives
 * from) for every run: the option of the scenario programs to use instead,
 * e.g. "--interval" for BloomGossipApplication::BeaconInterval, or, for a
 * value the run fixes or derives, a phrase saying so ("the run fixes it at
 * 3 V"); an empty string when the scenario leaves the attribute at its
 * default, so that a --ns3::Type::Attribute=value default takes effect.
 * Derived from the attributes of the parameter registry
 * (scenario-parameters.h) plus one short list of attributes the run fixes
 * or derives (the suite bloom-gossip-scenario-attributes checks it against
 * real runs).
 *
 * \param tid the type named on the command line
 * \param attribute the attribute name
 * \return the owning option or phrase, or an empty string
 */
std::string ScenarioOptionOwning(TypeId tid, const std::string& attribute);

/**
 * \ingroup bloom-gossip-scenario
 * The ns-3 modules (TypeId group names: "LrWpan", "Wifi", "Energy", ...)
 * whose models a run of `config` may build: the core, network, mobility,
 * propagation and bloom-gossip ones always, lr-wpan (with its spectrum
 * channel and antenna) or wifi as --device says, the internet stack and
 * 6LoWPAN with --transport udp6, the energy models when energy accounting
 * is on.  The suite bloom-gossip-scenario-attributes checks that every
 * object of real runs is in its run's modules.
 * \param config the configuration
 * \return the group names
 */
std::set<std::string> ScenarioModelGroups(const GossipScenarioConfig& config);

/**
 * \ingroup bloom-gossip-scenario
 * Why a --ns3:: default of type `tid` has no effect on a run of `config`:
 * its model is in an ns-3 module the run does not build
 * (ScenarioModelGroups), e.g. "ns3::LrWpanNetDevice (ns-3 module LrWpan) is
 * built only with --device lr-wpan"; empty when the run may build it.
 * \param config the configuration
 * \param tid the type named on the command line
 * \return the reason, or an empty string
 */
std::string ScenarioModelUnused(const GossipScenarioConfig& config, TypeId tid);

/**
 * \ingroup bloom-gossip-scenario
 * An option of the scenario programs that applies only under a condition,
 * and whether the condition holds (ScenarioOptionScopes).
 */
struct ScenarioOptionScope
{
    const char* option;    //!< e.g. "--pause"
    const char* condition; //!< e.g. "--mobility random-waypoint"
    bool applies;          //!< whether the condition holds for the sweep
    /// Ignored with a warning rather than refused: a motion, sampling or
    /// duty-cycle option, which qualifies a setting the sweep scripts vary
    /// per point with its neutral value as one point (mobility-sweep.sh's
    /// speed 0, energy-sweep.sh's always-on run).
    bool warnOnly;
};

/**
 * \ingroup bloom-gossip-scenario
 * The options that apply only under a condition, from the conditions of the
 * parameter registry (scenario-parameters.h) (--pause only
 * with random waypoint, --duty-period only with --duty-cycle below 1, the
 * SDBF options only when the sweep has an SDBF run, ...), each evaluated for
 * a sweep of `config` over the filter families `filters`: a family-specific
 * option applies when any family of the sweep has it.  A program refuses
 * every one given (on the command line or in a --config file) that does not
 * apply, before any work, or, for the warnOnly ones, ignores it with a
 * one-line warning once the sweep is accepted.
 *
 * \param config the configuration (its filter field is not read)
 * \param filters the families of the sweep
 * \return every conditional option with whether it applies
 */
std::vector<ScenarioOptionScope> ScenarioOptionScopes(
    const GossipScenarioConfig& config,
    const std::vector<bloom::FilterKind>& filters);

} // namespace ns3

#endif // BLOOM_GOSSIP_SCENARIO_PARAMETERS_H
