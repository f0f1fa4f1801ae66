/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * codec-entropy: the entropy codec of advertisements (slot-codec.h, Codec
 * entropy) against the limit and against what a user would pick.  For each
 * family over a range of fills it builds filters as a converged gossip node
 * holds them, sends each as coded segments (EncodeSegments, frames of
 * --frame-bytes) and prints, per advertisement, the coded bytes next to the
 * empirical entropy of the content counted per segment as sent, next to
 * zlib (raw deflate, level 9) and zstd (level 22, magicless frame, no
 * checksum or size fields) on the same payloads, with the encode and decode
 * time of an advertisement.
 *
 *   codec-entropy                                  # the table
 *   codec-entropy --out codec-entropy.csv          # and one CSV row per filter
 *   codec-entropy --families bf,lbf --fills 1,10,50 --trials 5
 *   codec-entropy --no-timing --out a.csv          # same seed -> byte-identical file
 *
 * Content (a node of a --grid x --grid grid, 4-neighbour, at one position
 * drawn uniformly per filter; resources on uniformly random positions, hop =
 * Manhattan distance from the node's; k = 4):
 *  - bf: m bits, keys inserted until the share of ones reaches the fill;
 *  - lbf: m cells of b bits, a = 0.9, floor: R resources within the horizon
 *    S (the decay chain's length: a position redrawn until h < S), R =
 *    max(1, round(ln(1 - f) / (k ln(1 - 1/m)))) for the fill f (the R whose
 *    expected share of non-zero cells is f; fill_pct is the share reached);
 *    each a random key written with the chain's v(h), the cell keeps the
 *    largest;
 *  - abf: d levels of m bits: a key at h hops is in level l >= h of the
 *    parity of h (the walks of length l on a bipartite grid), keys added
 *    until the share of ones over all levels reaches the fill;
 *  - dv: R resources (ids 1..R, w = bits of R, hop counts of 6 bits: a
 *    horizon of 63), the nearest first as many as 1,024 bytes hold (the
 *    application's default Bytes): --fills is not used, R runs over 8, 32,
 *    128, 512 and 1,024.
 * Entropy, per segment (its slot range), in bytes: bits and cells the
 * order-0 empirical entropy of the range's slots (n H of their frequencies);
 * the ABF also per level piece (entropy_level_bytes); DV entries the set's
 * information log2 C(2^w - 1, n) plus n H of the hop counts.  The whole
 * filter's figures are the same over all its slots at once.
 * The LBF's true entropy (true_entropy_bytes; NA for the other families):
 * -log2 P of each segment's content under the generator above, exactly
 * (code-length.h, LbfSegmentBits: the node's position, the resources' hops,
 * their draws into the segment), summed over the segments as sent.  Its mean
 * is the content's information per segment, which no code beats on average;
 * the order-0 figure n H lies below it (it fits the frequencies to the
 * content it measures).
 * The best an order-0 universal code guarantees, per segment as sent (ABF:
 * per level piece): the NML (Shtarkov) code length of the same symbols
 * (code-length.h), n H + log2 C(K, n) over the K symbols present plus
 * log2 A + log2 binom(A, K) to name them among the alphabet's A (nml_bytes:
 * A = 2 for bits, H + 2 cell values with 0 for the LBF, 64 hop counts for
 * DV, whose ids count log2 C(2^w - 1, n) as in its entropy), and over the
 * whole alphabet, n H + log2 C(A, n) (nml_alphabet_bytes, the minimax one).
 *
 * Plain C++17 over the module's filter core and messages (no simulation).
 * Bad input: one line on stderr naming the option, exit code 2, no file.
 */
#define ZSTD_STATIC_LINKING_ONLY // ZSTD_c_format: frames without the magic number
#include "cli-options.h"
#include "code-length.h"
#include "output-files.h"

#include "ns3/gossip-message.h"
#include "ns3/lbf-decay.h"
#include "ns3/slot-codec.h"
#include "ns3/standard-output.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>
#include <zlib.h>
#include <zstd.h>

using namespace ns3::bloom;

namespace
{

constexpr const char* kProgram = "codec-entropy";
constexpr uint32_t kHashes = 4;
constexpr double kFactor = 0.9;
constexpr uint32_t kDvBytes = 1024;
constexpr uint32_t kDvHopBits = 6;

using Bytes = std::vector<uint8_t>;

/// One filter configuration of the table.
struct Config
{
    std::string family;
    FilterShape shape;             //!< its shape (DV: of its capacity)
    std::optional<LbfDecay> decay; //!< LBF
    uint32_t resources{0};         //!< DV: R
};

std::vector<Config>
Configs(const std::vector<std::string>& families)
{
    std::vector<Config> out;
    const auto want = [&families](const char* f) {
        return std::find(families.begin(), families.end(), f) != families.end();
    };
    const auto shape = [](FilterKind kind, uint32_t m, uint32_t b, uint32_t d, uint32_t k) {
        FilterShape s;
        s.kind = kind;
        s.hashes = k;
        s.slots = m;
        s.slotBits = b;
        s.depth = d;
        return s;
    };
    if (want("bf"))
    {
        for (uint32_t m : {736U, 1024U, 4096U})
        {
            out.push_back({"bf", shape(FilterKind::BLOOM, m, 1, 1, kHashes), std::nullopt, 0});
        }
    }
    if (want("lbf"))
    {
        for (auto [m, b] : {std::pair{147U, 5U}, std::pair{256U, 9U}, std::pair{1024U, 8U}})
        {
            out.push_back({"lbf",
                           shape(FilterKind::LINEAR, m, b, 1, kHashes),
                           LbfDecay::Multiplicative(kFactor, b),
                           0});
        }
    }
    if (want("abf"))
    {
        for (auto [d, m] : {std::pair{25U, 24U}, std::pair{8U, 256U}})
        {
            out.push_back(
                {"abf", shape(FilterKind::ATTENUATED, m, 1, d, kHashes), std::nullopt, 0});
        }
    }
    if (want("dv"))
    {
        for (uint32_t r : {8U, 32U, 128U, 512U, 1024U})
        {
            const uint32_t w = DistanceVector::WidthOf(r);
            const uint32_t capacity = 8 * kDvBytes / (w + kDvHopBits);
            out.push_back({"dv",
                           shape(FilterKind::DISTANCE_VECTOR, capacity, w + kDvHopBits, 1, w),
                           std::nullopt,
                           r});
        }
    }
    return out;
}

/// A node's position on a side x side grid.
struct GridNode
{
    int64_t x;
    int64_t y;
};

/// A position uniform over the grid.
GridNode
DrawNode(uint32_t side, std::mt19937_64& rng)
{
    const auto x = static_cast<int64_t>(rng() % side);
    const auto y = static_cast<int64_t>(rng() % side);
    return {x, y};
}

/// The hop distance from `node` of a resource uniform over the grid.
uint32_t
DrawHop(const GridNode& node, uint32_t side, std::mt19937_64& rng)
{
    const GridNode r = DrawNode(side, rng);
    return static_cast<uint32_t>(std::llabs(r.x - node.x) + std::llabs(r.y - node.y));
}

/// Hop distances of `count` resources from one node, on a side x side grid.
std::vector<uint32_t>
GridHops(uint32_t side, uint32_t count, std::mt19937_64& rng)
{
    const GridNode node = DrawNode(side, rng);
    std::vector<uint32_t> hops(count);
    for (uint32_t& h : hops)
    {
        h = DrawHop(node, side, rng);
    }
    return hops;
}

/**
 * The LBF's resources for a target fill f: R = max(1, round(ln(1 - f) /
 * (k ln(1 - 1/m)))), the R whose expected share of non-zero cells is f.
 */
uint32_t
LbfResources(const Config& c, double fill)
{
    const double r = std::log(1 - fill) / (c.shape.hashes * std::log1p(-1.0 / c.shape.slots));
    return std::max<uint32_t>(1, static_cast<uint32_t>(std::lround(r)));
}

/// The wire form of every level of a filter (Encode without the header).
Bytes
Payload(const AnyFilter& f)
{
    const FilterShape s = ShapeOf(f);
    Bytes out;
    for (uint32_t level = 0; level < s.depth; ++level)
    {
        AppendWireSlots(f, uint64_t{level} * s.slots, s.slots, out);
    }
    return out;
}

/// The share of non-zero slots of a BF, LBF or ABF.
double
Fill(const AnyFilter& f)
{
    if (const auto* lbf = std::get_if<LinearBloomFilter>(&f))
    {
        return lbf->OccupancyCells();
    }
    uint64_t ones = 0;
    for (uint8_t byte : Payload(f))
    {
        ones += static_cast<uint64_t>(__builtin_popcount(byte));
    }
    return static_cast<double>(ones) / static_cast<double>(ShapeOf(f).TotalSlots());
}

/// A filter of a configuration as a converged node holds it, at a fill (not DV).
AnyFilter
Content(const Config& c, double fill, uint32_t side, std::mt19937_64& rng)
{
    if (c.family == "dv")
    {
        const std::vector<uint32_t> hops = GridHops(side, c.resources, rng);
        std::vector<DvEntry> entries;
        for (uint32_t id = 1; id <= c.resources; ++id)
        {
            entries.push_back({id, hops[id - 1]});
        }
        std::sort(entries.begin(), entries.end(), [](const DvEntry& a, const DvEntry& b) {
            return a.hops != b.hops ? a.hops < b.hops : a.id < b.id;
        });
        entries.resize(std::min<size_t>(entries.size(), c.shape.slots));
        return DistanceVector::FromEntries(entries, c.shape.hashes, c.shape.slotBits);
    }
    AnyFilter f = MakeFilter(c.shape);
    const GridNode node = DrawNode(side, rng);
    if (auto* lbf = std::get_if<LinearBloomFilter>(&f))
    {
        // R resources within the horizon: a position redrawn until it is.
        for (uint32_t i = LbfResources(c, fill); i > 0; --i)
        {
            const Key key = Key::FromId(rng());
            uint32_t h = 0;
            do
            {
                h = DrawHop(node, side, rng);
            } while (h >= c.decay->ChainLength());
            lbf->InsertQuantized(key, c.decay->Chain()[h]);
        }
        return f;
    }
    while (Fill(f) < fill)
    {
        const Key key = Key::FromId(rng());
        const uint32_t h = DrawHop(node, side, rng);
        if (auto* bf = std::get_if<BloomFilter>(&f))
        {
            bf->Insert(key);
        }
        else if (auto* abf = std::get_if<AttenuatedBloomFilter>(&f))
        {
            for (uint32_t level = h; level < c.shape.depth; level += 2)
            {
                abf->Insert(key, level);
            }
        }
    }
    return f;
}

/// The code lengths of a segment's slots, in bits (code-length.h).
struct Lengths
{
    double entropy;      //!< n H of the slot values
    double entropyLevel; //!< n H per level piece
    double nml;          //!< the NML code over the symbols present, per level piece
    double nmlAlphabet;  //!< the NML code over the whole alphabet, per level piece
};

/**
 * The code lengths of slots first .. first + n - 1: bits, cells and ABF
 * levels over the slot values (alphabet: 2, an LBF's H + 2 cell values with
 * 0, CellAlphabet), per level piece too; DV entries log2 C(2^w - 1, n) for
 * the ids plus the hop counts' (alphabet 2^(b - w)).
 */
Lengths
Entropy(const AnyFilter& f, const CellAlphabet* cells, uint64_t first, uint64_t n)
{
    const FilterShape s = ShapeOf(f);
    std::vector<uint32_t> slots;
    for (uint64_t i = 0; i < n; ++i)
    {
        slots.push_back(GetSlot(f, first + i));
    }
    if (s.kind == FilterKind::DISTANCE_VECTOR)
    {
        std::vector<uint32_t> hops;
        hops.reserve(slots.size());
        for (uint32_t v : slots)
        {
            hops.push_back(v >> s.hashes);
        }
        const double ids =
            Log2Choose(std::ldexp(1.0, static_cast<int>(s.hashes)) - 1, static_cast<double>(n));
        const uint32_t hopSymbols = 1U << (s.slotBits - s.hashes);
        const double bits = ids + Order0Bits(hops);
        return {bits,
                bits,
                ids + NmlPresentBits(hops, hopSymbols),
                ids + NmlAlphabetBits(hops, hopSymbols)};
    }
    const uint32_t alphabet = cells != nullptr ? cells->Size() + 1 : 2;
    Lengths out{Order0Bits(slots), 0, 0, 0};
    for (uint64_t a = 0; a < n;)
    {
        const uint64_t e = std::min(n, ((first + a) / s.slots + 1) * s.slots - first);
        const std::vector<uint32_t> piece(slots.begin() + a, slots.begin() + e);
        out.entropyLevel += Order0Bits(piece);
        out.nml += NmlPresentBits(piece, alphabet);
        out.nmlAlphabet += NmlAlphabetBits(piece, alphabet);
        a = e;
    }
    return out;
}

/// Raw deflate (no zlib header or trailer), level 9.
Bytes
Deflate(const Bytes& in)
{
    z_stream z{};
    deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY);
    Bytes out(deflateBound(&z, in.size()));
    z.next_in = const_cast<Bytes::value_type*>(in.data());
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = out.data();
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

Bytes
Inflate(const Bytes& in, size_t size)
{
    z_stream z{};
    inflateInit2(&z, -15);
    Bytes out(size);
    z.next_in = const_cast<Bytes::value_type*>(in.data());
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = out.data();
    z.avail_out = static_cast<uInt>(out.size());
    inflate(&z, Z_FINISH);
    inflateEnd(&z);
    return out;
}

/// zstd level 22, frames without magic number, checksum, size or dictionary id.
class Zstd
{
  public:
    Zstd()
        : m_c(ZSTD_createCCtx()),
          m_d(ZSTD_createDCtx())
    {
        ZSTD_CCtx_setParameter(m_c, ZSTD_c_compressionLevel, 22);
        ZSTD_CCtx_setParameter(m_c, ZSTD_c_format, ZSTD_f_zstd1_magicless);
        ZSTD_CCtx_setParameter(m_c, ZSTD_c_contentSizeFlag, 0);
        ZSTD_CCtx_setParameter(m_c, ZSTD_c_checksumFlag, 0);
        ZSTD_CCtx_setParameter(m_c, ZSTD_c_dictIDFlag, 0);
        ZSTD_DCtx_setParameter(m_d, ZSTD_d_format, ZSTD_f_zstd1_magicless);
    }

    ~Zstd()
    {
        ZSTD_freeCCtx(m_c);
        ZSTD_freeDCtx(m_d);
    }

    Zstd(const Zstd&) = delete;
    Zstd& operator=(const Zstd&) = delete;

    Bytes Compress(const Bytes& in)
    {
        Bytes out(ZSTD_compressBound(in.size()));
        const size_t n = ZSTD_compress2(m_c, out.data(), out.size(), in.data(), in.size());
        out.resize(ZSTD_isError(n) ? 0 : n);
        return out;
    }

    Bytes Decompress(const Bytes& in, size_t size)
    {
        Bytes out(size);
        const size_t n = ZSTD_decompressDCtx(m_d, out.data(), out.size(), in.data(), in.size());
        out.resize(ZSTD_isError(n) ? 0 : n);
        return out;
    }

  private:
    ZSTD_CCtx* m_c;
    ZSTD_DCtx* m_d;
};

/// CPU time of this thread, microseconds.
double
ThreadMicros()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

/**
 * CPU microseconds of this thread per call of f: the least of 5 batches of
 * at least 1 ms each (other programs on the machine cost wall time, and
 * cache misses, not thread time).
 */
template <typename F>
double
Micros(F f)
{
    double best = 1e300;
    for (int batch = 0; batch < 5; ++batch)
    {
        const double start = ThreadMicros();
        uint64_t calls = 0;
        double elapsed = 0;
        do
        {
            f();
            ++calls;
            elapsed = ThreadMicros() - start;
        } while (elapsed < 1000);
        best = std::min(best, elapsed / static_cast<double>(calls));
    }
    return best;
}

/**
 * The bits CELLS spends on a range's value counts beyond the arrangement
 * (the model an order-0 entropy does not count): the least and greatest
 * symbol and the count of every symbol between them under CELLS' LBF count
 * model (CellCountBits, slot-codec.h); 0 for another family.
 */
double
HistogramBits(const AnyFilter& f, const CellAlphabet* alphabet, uint64_t first, uint64_t n)
{
    if (alphabet == nullptr)
    {
        return 0;
    }
    std::vector<uint32_t> counts(alphabet->Size(), 0); // symbol -> cells
    for (uint64_t i = 0; i < n; ++i)
    {
        const uint32_t v = GetSlot(f, first + i);
        if (v != 0)
        {
            ++counts[*alphabet->Symbol(v)];
        }
    }
    return CellCountBits(ShapeOf(f), static_cast<uint32_t>(n), counts);
}

/// One advertisement measured.
struct Row
{
    const Config* config;
    double targetFill; //!< percent (DV: R)
    uint32_t trial;
    double fill; //!< percent of non-zero slots (DV: entries of 2^w - 1)
    uint64_t rawBytes;
    uint32_t plainFrames;
    uint32_t codedFrames;
    uint64_t codedBytes;  //!< coded slots, codec bytes not counted
    uint64_t rawSegments; //!< segments that went raw
    double entropy;       //!< bytes, per segment as sent
    double entropyLevel;  //!< bytes, per segment and level piece
    double entropyWhole;  //!< bytes, the whole filter at once
    double trueEntropy;   //!< bytes, LBF: -log2 P of each segment's content (NaN: not LBF)
    double nml;           //!< bytes, NML over the symbols present, per segment (ABF: level piece)
    double nmlAlphabet;   //!< bytes, NML over the whole alphabet, per segment (ABF: level piece)
    double histogram;     //!< bytes of CELLS' histograms (HistogramBits), coded segments
    uint64_t zlibWhole, zstdWhole, zlibSegments, zstdSegments;
    double encodeUs{0}, decodeUs{0}, plainEncodeUs{0}, plainDecodeUs{0};
    double zlibEncodeUs{0}, zlibDecodeUs{0}, zstdEncodeUs{0}, zstdDecodeUs{0};
};

/**
 * -log2 P of the content of an LBF's cells first .. first + n - 1 under the
 * generator (Content: R resources from a node uniform over the grid), bits
 * (code-length.h, LbfSegmentBits).
 */
double
TrueEntropyBits(const Config& c,
                const HopMixture& mixture,
                uint32_t resources,
                const AnyFilter& f,
                uint64_t first,
                uint64_t n)
{
    const std::vector<uint16_t>& chain = c.decay->Chain();
    std::vector<uint64_t> counts(chain.size(), 0);
    for (uint64_t i = 0; i < n; ++i)
    {
        const uint32_t v = GetSlot(f, first + i);
        if (v != 0)
        {
            // The chain falls: the hop of a value is its place in it.
            const auto at = std::find(chain.begin(), chain.end(), v);
            if (at == chain.end())
            {
                throw std::runtime_error("an LBF cell holds " + std::to_string(v) +
                                         ", not a value of the decay chain");
            }
            ++counts[static_cast<size_t>(at - chain.begin())];
        }
    }
    return LbfSegmentBits(mixture, resources, c.shape.hashes, c.shape.slots, counts, n);
}

Row
Measure(const Config& c,
        const AnyFilter& f,
        double target,
        uint32_t trial,
        size_t frameBytes,
        bool timing,
        const HopMixture* mixture,
        Zstd& zstd)
{
    const std::optional<CellAlphabet> alphabet =
        c.decay ? std::optional<CellAlphabet>(CellAlphabet::FromDecay(*c.decay)) : std::nullopt;
    const CellAlphabet* cells = alphabet ? &*alphabet : nullptr;
    const FilterShape shape = ShapeOf(f);
    Row r{};
    r.config = &c;
    r.targetFill = target;
    r.trial = trial;
    r.trueEntropy = mixture != nullptr ? 0.0 : std::nan("");
    r.fill = c.family == "dv" ? 100.0 * shape.slots / (std::ldexp(1.0, int(shape.hashes)) - 1)
                              : 100.0 * Fill(f);
    const Bytes payload = Payload(f);
    r.rawBytes = payload.size();
    r.plainFrames = SegmentCount(shape, frameBytes);
    const auto frames = EncodeSegments(f, 0, frameBytes, Codec::ENTROPY, cells);
    r.codedFrames = static_cast<uint32_t>(frames.size());
    for (const Bytes& frame : frames)
    {
        const AdvertisementSegment s = DecodeSegmentHeader(frame.data(), frame.size());
        r.codedBytes += frame.size() - kCodedSegmentHeaderSize;
        r.rawSegments += s.Coding() == SlotCoding::RAW ? 1 : 0;
        const Lengths lengths = Entropy(f, cells, s.firstSlot, s.slotCount);
        if (s.Coding() == SlotCoding::CELLS)
        {
            r.histogram += HistogramBits(f, cells, s.firstSlot, s.slotCount) / 8;
        }
        r.entropy += lengths.entropy / 8;
        if (mixture != nullptr)
        {
            r.trueEntropy += TrueEntropyBits(c,
                                             *mixture,
                                             LbfResources(c, target / 100),
                                             f,
                                             s.firstSlot,
                                             s.slotCount) /
                             8;
        }
        r.entropyLevel += lengths.entropyLevel / 8;
        r.nml += lengths.nml / 8;
        r.nmlAlphabet += lengths.nmlAlphabet / 8;
        Bytes range;
        AppendWireSlots(f, s.firstSlot, s.slotCount, range);
        r.zlibSegments += Deflate(range).size();
        r.zstdSegments += zstd.Compress(range).size();
    }
    const Lengths whole = Entropy(f, cells, 0, shape.TotalSlots());
    r.entropyWhole = (c.family == "abf" ? whole.entropyLevel : whole.entropy) / 8;
    const Bytes zl = Deflate(payload);
    const Bytes zs = zstd.Compress(payload);
    r.zlibWhole = zl.size();
    r.zstdWhole = zs.size();
    if (Inflate(zl, payload.size()) != payload || zstd.Decompress(zs, payload.size()) != payload)
    {
        throw std::runtime_error("zlib or zstd did not give the payload back");
    }
    // Received: every frame applied to the neighbour's copy, as a node does.
    AnyFilter copy = MakeFilter(shape);
    Bytes scratch;
    const auto receive = [&](const std::vector<Bytes>& in) {
        for (const Bytes& frame : in)
        {
            const AdvertisementSegment s = DecodeSegmentHeader(frame.data(), frame.size());
            ApplySegmentPayload(copy,
                                s,
                                SegmentSlots(s, frame.data(), frame.size(), cells, scratch));
        }
    };
    receive(frames);
    if (!(copy == f))
    {
        throw std::runtime_error("a coded advertisement did not give the filter back");
    }
    if (timing)
    {
        size_t sink = 0;
        r.encodeUs =
            Micros([&] { sink += EncodeSegments(f, 0, frameBytes, Codec::ENTROPY, cells).size(); });
        r.decodeUs = Micros([&] { receive(frames); });
        const auto plain = EncodeSegments(f, 0, frameBytes);
        r.plainEncodeUs = Micros([&] { sink += EncodeSegments(f, 0, frameBytes).size(); });
        r.plainDecodeUs = Micros([&] { receive(plain); });
        r.zlibEncodeUs = Micros([&] { sink += Deflate(payload).size(); });
        r.zlibDecodeUs = Micros([&] { sink += Inflate(zl, payload.size()).size(); });
        r.zstdEncodeUs = Micros([&] { sink += zstd.Compress(payload).size(); });
        r.zstdDecodeUs = Micros([&] { sink += zstd.Decompress(zs, payload.size()).size(); });
        if (sink == 0)
        {
            std::fprintf(stderr, "%s: nothing encoded\n", kProgram);
        }
    }
    return r;
}

/// %.6g; NA for NaN (no such figure).
std::string
Num(double v)
{
    if (std::isnan(v))
    {
        return "NA";
    }
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.6g", v);
    return buf;
}

std::string
ShapeName(const Config& c)
{
    const FilterShape& s = c.shape;
    if (c.family == "bf")
    {
        return "m=" + std::to_string(s.slots);
    }
    if (c.family == "lbf")
    {
        return std::to_string(s.slots) + "x" + std::to_string(s.slotBits) + " a=0.9";
    }
    if (c.family == "abf")
    {
        return std::to_string(s.depth) + "x" + std::to_string(s.slots);
    }
    return "R=" + std::to_string(c.resources) + " w=" + std::to_string(s.hashes);
}

void
WriteCsv(std::string& csv, const std::vector<Row>& rows, bool timing)
{
    csv += "family,shape,m,b,d,k,target_fill,trial,fill_pct,raw_bytes,plain_frames,coded_frames,"
           "coded_bytes,codec_bytes,raw_segments,entropy_bytes,entropy_level_bytes,"
           "entropy_whole_bytes,true_entropy_bytes,nml_bytes,nml_alphabet_bytes,histogram_bytes,"
           "zlib_bytes,zstd_bytes,"
           "zlib_segment_bytes,"
           "zstd_segment_bytes";
    if (timing)
    {
        csv += ",encode_us,decode_us,plain_encode_us,plain_decode_us,zlib_encode_us,"
               "zlib_decode_us,zstd_encode_us,zstd_decode_us";
    }
    csv += "\n";
    for (const Row& r : rows)
    {
        const Config& c = *r.config;
        // The shape from the filter's configuration (DV: the table's capacity).
        std::ostringstream os;
        os << c.family << "," << ShapeName(c) << "," << c.shape.slots << "," << c.shape.slotBits
           << "," << c.shape.depth << "," << c.shape.hashes << "," << Num(r.targetFill) << ","
           << r.trial << "," << Num(r.fill) << "," << r.rawBytes << "," << r.plainFrames << ","
           << r.codedFrames << "," << r.codedBytes << "," << r.codedFrames << "," << r.rawSegments
           << "," << Num(r.entropy) << "," << Num(r.entropyLevel) << "," << Num(r.entropyWhole)
           << "," << Num(r.trueEntropy) << "," << Num(r.nml) << "," << Num(r.nmlAlphabet) << ","
           << Num(r.histogram) << "," << r.zlibWhole << "," << r.zstdWhole << "," << r.zlibSegments
           << "," << r.zstdSegments;
        if (timing)
        {
            os << "," << Num(r.encodeUs) << "," << Num(r.decodeUs) << "," << Num(r.plainEncodeUs)
               << "," << Num(r.plainDecodeUs) << "," << Num(r.zlibEncodeUs) << ","
               << Num(r.zlibDecodeUs) << "," << Num(r.zstdEncodeUs) << "," << Num(r.zstdDecodeUs);
        }
        csv += os.str() + "\n";
    }
}

/// Whether coded bytes are within 5 % or 2 bytes, the larger, of the entropy.
bool
Within(double coded, double entropy)
{
    return coded <= entropy + std::max(2.0, 0.05 * entropy) + 1e-9;
}

/// The table: means over the trials of each configuration and fill.
void
PrintTable(std::FILE* out, const std::vector<Row>& rows, bool timing)
{
    std::fprintf(
        out,
        "| family | shape | fill %% | raw B | frames plain/coded | entropy B | true H B | NML B "
        "| coded B "
        "| gap B (max) | gap %% | within | coded / NML | histogram B | zlib B | zstd B "
        "|%s\n",
        timing ? " encode us | decode us |" : "");
    std::fprintf(out,
                 "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|%s\n",
                 timing ? "---|---|" : "");
    for (size_t i = 0; i < rows.size();)
    {
        size_t j = i;
        while (j < rows.size() && rows[j].config == rows[i].config &&
               rows[j].targetFill == rows[i].targetFill)
        {
            ++j;
        }
        const auto n = static_cast<double>(j - i);
        double fill = 0;
        double raw = 0;
        double plain = 0;
        double coded = 0;
        double bytes = 0;
        double entropy = 0;
        double trueEntropy = 0; // NaN for a family without it
        double nml = 0;
        double zl = 0;
        double zs = 0;
        double histogram = 0;
        double encode = 0;
        double decode = 0;
        double maxGap = -1e9;
        uint32_t within = 0;
        const bool levels = rows[i].config->family == "abf";
        for (size_t t = i; t < j; ++t)
        {
            const Row& r = rows[t];
            const double e = levels ? r.entropyLevel : r.entropy;
            fill += r.fill / n;
            raw += static_cast<double>(r.rawBytes) / n;
            plain += r.plainFrames / n;
            coded += r.codedFrames / n;
            bytes += static_cast<double>(r.codedBytes) / n;
            entropy += e / n;
            trueEntropy += r.trueEntropy / n;
            nml += r.nml / n;
            histogram += r.histogram / n;
            zl += static_cast<double>(r.zlibWhole) / n;
            zs += static_cast<double>(r.zstdWhole) / n;
            encode += r.encodeUs / n;
            decode += r.decodeUs / n;
            maxGap = std::max(maxGap, static_cast<double>(r.codedBytes) - e);
            within += Within(static_cast<double>(r.codedBytes), e) ? 1 : 0;
        }
        char trueText[32] = "NA";
        if (!std::isnan(trueEntropy))
        {
            std::snprintf(trueText, sizeof(trueText), "%.1f", trueEntropy);
        }
        std::fprintf(
            out,
            "| %s | %s | %.1f | %.0f | %.2f / %.2f | %.1f | %s | %.1f | %.1f | %.1f (%.1f) | "
            "%.1f | %u/%zu | %.3f | %.1f | %.1f | %.1f |",
            rows[i].config->family.c_str(),
            ShapeName(*rows[i].config).c_str(),
            fill,
            raw,
            plain,
            coded,
            entropy,
            trueText,
            nml,
            bytes,
            bytes - entropy,
            maxGap,
            entropy > 0 ? 100 * (bytes - entropy) / entropy : 0.0,
            within,
            j - i,
            nml > 0 ? bytes / nml : 0.0,
            histogram,
            zl,
            zs);
        if (timing)
        {
            std::fprintf(out, " %.1f | %.1f |", encode, decode);
        }
        std::fprintf(out, "\n");
        i = j;
    }
}

constexpr const char* kAbout =
    "codec-entropy: the advertisements' entropy codec against the content's entropy, zlib and "
    "zstd.\n"
    "\n"
    "Per family, shape and fill, --trials filters as a converged node of a --grid x --grid "
    "grid\n"
    "holds them are sent as coded segments (Codec entropy, frames of --frame-bytes); the "
    "table\n"
    "gives the means per advertisement: coded bytes (codec bytes not counted) against the\n"
    "order-0 entropy of each segment's slots (ABF: per level; DV: log2 C(2^w - 1, n) + n H of\n"
    "the hop counts), the LBF's true entropy (-log2 P of each segment's content under the\n"
    "generator, what no code beats on average), the NML code length over the symbols present\n"
    "(the best an order-0 universal code guarantees), how many advertisements are within 5 %\n"
    "or 2 bytes of the entropy, the coded bytes over the NML's, zlib (raw deflate, level 9) and\n"
    "zstd (level 22, magicless) on the whole payload, and the encode and decode time of an\n"
    "advertisement.\n"
    "\n"
    "Options (--name value or --name=value):\n";

int
Run(int argc, char** argv)
{
    uint32_t trials = 20;
    uint32_t side = 13;
    uint32_t frameBytes = 114;
    uint64_t seed = 1;
    std::string familyList = "bf,lbf,abf,dv";
    std::string fillList = "1,2,5,10,20,30,40,50";
    std::string outPath;
    bool noTiming = false;
    bool help = false;
    namespace po = boost::program_options;
    po::options_description options;
    ns3::cli::OptionAdder(options)
        .Text("families", &familyList, "bf, lbf, abf, dv, comma-separated")
        .Text("fills",
              &fillList,
              "shares of non-zero slots in percent (bf, lbf, abf), integers 1..60: values and "
              "ranges a:b or a:b:step, comma-separated")
        .Unsigned("trials", &trials, 1, 100000, "filters per family, shape and fill")
        .Unsigned("grid", &side, 2, 1000, "side of the grid the content comes from")
        .Unsigned("frame-bytes",
                  &frameBytes,
                  kCodedSegmentHeaderSize + 2,
                  65535,
                  "bytes of a frame (114: lr-wpan)")
        .Unsigned64("seed", &seed, 0, UINT64_MAX, "contents")
        .Text("out",
              &outPath,
              "CSV of one row per filter, written atomically (temporary file + rename): a new "
              "path or a regular file; - for standard output (the table then goes to standard "
              "error); none by default")
        .Flag("no-timing",
              &noTiming,
              "leave out the timing columns (microseconds per advertisement): the same seed "
              "then gives a byte-identical file")
        .Flag("help", &help, "print this help and exit");
    po::variables_map vm;
    ns3::cli::ParsePlainProgram(argc, argv, options, vm, kAbout);
    const std::vector<uint64_t> fills = ns3::cli::ParseUnsignedList("--fills", fillList, 1, 60);
    std::vector<std::string> families;
    for (size_t pos = 0;;)
    {
        const size_t comma = familyList.find(',', pos);
        const std::string item = familyList.substr(pos, comma - pos);
        ns3::cli::ParseChoice("--families", item, {"bf", "lbf", "abf", "dv"});
        if (std::find(families.begin(), families.end(), item) != families.end())
        {
            throw ns3::cli::UsageError("--families: '" + familyList + "' names " + item + " twice");
        }
        families.push_back(item);
        if (comma == std::string::npos)
        {
            break;
        }
        pos = comma + 1;
    }
    const bool toStdout = outPath == "-";
    ns3::OutputFiles outputs;
    if (!outPath.empty() && !toStdout)
    {
        try
        {
            outputs.AddOutput("--out", outPath);
        }
        catch (const std::invalid_argument& e)
        {
            throw ns3::cli::UsageError(e.what());
        }
    }

    const auto start = std::chrono::steady_clock::now();
    const std::vector<Config> configs = Configs(families);
    std::vector<Row> rows;
    Zstd zstd;
    for (const Config& c : configs)
    {
        const std::optional<HopMixture> mixture =
            c.decay ? std::optional<HopMixture>(GridHopMixture(side, c.decay->ChainLength()))
                    : std::nullopt;
        const std::vector<double> targets =
            c.family == "dv" ? std::vector<double>{static_cast<double>(c.resources)}
                             : std::vector<double>(fills.begin(), fills.end());
        for (double target : targets)
        {
            for (uint32_t t = 0; t < trials; ++t)
            {
                // One stream per configuration, target and trial, whatever
                // else --families and --fills select.
                std::seed_seq streams{static_cast<uint32_t>(seed),
                                      static_cast<uint32_t>(seed >> 32),
                                      static_cast<uint32_t>(c.family[0]),
                                      c.shape.slots,
                                      c.shape.slotBits,
                                      c.shape.depth,
                                      c.resources,
                                      static_cast<uint32_t>(target),
                                      t};
                std::mt19937_64 rng(streams);
                const AnyFilter f = Content(c, target / 100.0, side, rng);
                rows.push_back(Measure(c,
                                       f,
                                       target,
                                       t,
                                       frameBytes,
                                       !noTiming,
                                       mixture ? &*mixture : nullptr,
                                       zstd));
            }
        }
    }
    std::string csv;
    WriteCsv(csv, rows, !noTiming);
    PrintTable(toStdout ? stderr : stdout, rows, !noTiming);
    if (toStdout)
    {
        std::fwrite(csv.data(), 1, csv.size(), stdout);
    }
    else if (!outPath.empty())
    {
        outputs.WriteAll({csv});
    }
    ns3::FlushStandardOutput();
    std::fprintf(stderr,
                 "%s: %zu advertisements in %.1f s%s%s\n",
                 kProgram,
                 rows.size(),
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                 outPath.empty() ? "" : " -> ",
                 outPath.c_str());
    return 0;
}

} // namespace

int
main(int argc, char** argv)
{
    ns3::CheckStandardOutputAtExit(kProgram);
    return ns3::cli::RunMain(kProgram, [&]() { return Run(argc, argv); });
}
