/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Doxygen groups of the bloom-gossip module (no code; not installed).
 */
#ifndef BLOOM_GOSSIP_H
#define BLOOM_GOSSIP_H

/**
 * \defgroup bloom-gossip Bloom-filter gossip
 *
 * Bloom-filter gossip for resource discovery in wireless sensor networks:
 * every node periodically broadcasts a filter that summarises the resources
 * reachable through it, built from its own resources and its neighbours'
 * filters.  Four families: the plain Bloom filter (presence), the linear
 * Bloom filter (presence and hop distance from a confidence that decays per
 * hop), the attenuated Bloom filter (one level per hop) and the scope-decay
 * Bloom filter (a random hop estimate from the bits that survive per-node
 * keep masks).
 *
 * Layers, each in a folder of its own:
 *  - filter/: the filters, their keys, decay and wire encoding (plain C++17,
 *    no ns-3);
 *  - model/: what each family does in gossip (bloom::FilterPolicy), the
 *    advertisement, query and reply messages, and the ns-3 applications
 *    BloomGossipApplication (with BfGossipApplication, LbfGossipApplication,
 *    AbfGossipApplication and SdbfGossipApplication) and
 *    BloomQueryApplication;
 *  - helper/: installers (BloomGossipHelper, BloomQueryHelper), the lr-wpan
 *    network and its ground truth (WsnTopology, WsnNetworkHelper), the
 *    workload that acts on a run (GossipWorkload) and the metrics that only
 *    observe it through trace sources (GossipMetrics, QueryMetrics).
 *
 * The model description is the module chapter, doc/bloom-gossip.rst.
 */

/**
 * \defgroup bloom-gossip-tests Bloom-filter gossip tests
 * \ingroup bloom-gossip
 * \ingroup tests
 *
 * The module's TestSuites (test/), run by ns-3's test.py or the test runner.
 */

/**
 * \defgroup bloom-gossip-examples Bloom-filter gossip examples
 * \ingroup bloom-gossip
 * \ingroup examples
 *
 * Programs a user copies (examples/); test/examples-to-run.py lists the
 * runs test.py makes of them.
 */

#endif // BLOOM_GOSSIP_H
