/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * WsnTopology's CSV input and output: positions "id,x,y" read back
 * exactly or refused with the file, row and column.
 */
#include "input-file.h"
#include "wsn-topology.h"

#include "ns3/log.h"
#include "ns3/user-text.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <limits>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WsnTopologyCsv");

namespace
{

std::string
Trim(const std::string& s)
{
    const char* ws = " \t\r\n";
    const auto first = s.find_first_not_of(ws);
    if (first == std::string::npos)
    {
        return std::string();
    }
    const auto last = s.find_last_not_of(ws);
    return s.substr(first, last - first + 1);
}

std::vector<std::string>
SplitCsv(const std::string& line)
{
    std::vector<std::string> fields;
    std::string::size_type start = 0;
    while (true)
    {
        const auto comma = line.find(',', start);
        fields.push_back(Trim(line.substr(start, comma - start)));
        if (comma == std::string::npos)
        {
            break;
        }
        start = comma + 1;
    }
    return fields;
}

bool
ParseUnsigned(const std::string& s, uint32_t& out)
{
    const char* end = s.data() + s.size();
    const auto result = std::from_chars(s.data(), end, out);
    return !s.empty() && result.ec == std::errc() && result.ptr == end;
}

bool
ParseDouble(const std::string& s, double& out)
{
    const char* end = s.data() + s.size();
    const auto result = std::from_chars(s.data(), end, out);
    return !s.empty() && result.ec == std::errc() && result.ptr == end;
}

} // namespace

WsnTopology
WsnTopology::FromCsv(const std::string& path)
{
    NS_LOG_FUNCTION(path);
    // A regular file of bounded size (not a FIFO or /dev/zero), read at once.
    std::istringstream in(ReadInputFile(path));
    const std::string where = QuoteForMessage(path);

    struct Row
    {
        uint32_t id;
        Vector position;
        uint64_t line;
    };

    std::vector<Row> rows;
    std::unordered_map<uint32_t, uint64_t> lineOfId;
    bool seenContent = false;
    uint64_t lineNo = 0;
    std::string raw;
    while (std::getline(in, raw))
    {
        ++lineNo;
        const std::string line = Trim(raw);
        if (line.empty() || line[0] == '#')
        {
            continue;
        }
        const bool first = !seenContent;
        seenContent = true;
        auto fail = [&](const std::string& problem) {
            throw std::invalid_argument(where + " line " + std::to_string(lineNo) + ": " + problem);
        };
        const std::vector<std::string> fields = SplitCsv(line);
        uint32_t id = 0;
        double coord[2] = {0, 0};
        const bool idOk = ParseUnsigned(fields[0], id);
        bool anyNumber = idOk;
        for (std::size_t i = 1; i < fields.size(); ++i)
        {
            double unused;
            anyNumber = anyNumber || ParseDouble(fields[i], unused);
        }
        if (first && !anyNumber && fields.size() == 3)
        {
            continue; // header line
        }
        if (fields.size() != 3)
        {
            fail("expected 3 fields id,x,y, got " + std::to_string(fields.size()));
        }
        if (!idOk)
        {
            fail("id " + QuoteForMessage(fields[0]) + " is not an unsigned integer");
        }
        const char* names[2] = {"x", "y"};
        for (int c = 0; c < 2; ++c)
        {
            if (!ParseDouble(fields[1 + c], coord[c]))
            {
                fail(std::string(names[c]) + " " + QuoteForMessage(fields[1 + c]) +
                     " is not a number");
            }
            if (!std::isfinite(coord[c]))
            {
                fail(std::string(names[c]) + " " + QuoteForMessage(fields[1 + c]) +
                     " is not finite");
            }
            static_assert(kMaxWsnCoordinate == 1e12, "the message below names the bound");
            if (std::fabs(coord[c]) > kMaxWsnCoordinate)
            {
                fail(std::string(names[c]) + " " + QuoteForMessage(fields[1 + c]) +
                     " is outside [-1e12, 1e12] m");
            }
        }
        const auto inserted = lineOfId.emplace(id, lineNo);
        if (!inserted.second)
        {
            fail("duplicate id " + std::to_string(id) + " (first on line " +
                 std::to_string(inserted.first->second) + ")");
        }
        rows.push_back(Row{id, Vector(coord[0], coord[1], 0.0), lineNo});
    }
    if (in.bad())
    {
        throw std::invalid_argument(where + ": read error");
    }
    if (rows.empty())
    {
        throw std::invalid_argument(where + ": no node lines");
    }
    if (rows.size() > kMaxWsnNodes)
    {
        throw std::invalid_argument(where + ": " + std::to_string(rows.size()) +
                                    " nodes, more than the " + std::to_string(kMaxWsnNodes) +
                                    " one 802.15.4 PAN can address");
    }
    const auto n = static_cast<uint32_t>(rows.size());
    for (const Row& row : rows)
    {
        if (row.id >= n)
        {
            uint32_t missing = 0;
            while (lineOfId.count(missing))
            {
                ++missing;
            }
            throw std::invalid_argument(
                where + " line " + std::to_string(row.line) + ": id " + std::to_string(row.id) +
                " out of range: " + std::to_string(n) + " nodes need ids 0.." +
                std::to_string(n - 1) + " (id " + std::to_string(missing) + " is missing)");
        }
    }
    // No duplicates and all ids < n: the ids are a permutation of 0..n-1.
    std::vector<Vector> positions(n);
    for (const Row& row : rows)
    {
        positions[row.id] = row.position;
    }
    return WsnTopology(std::move(positions));
}

void
WsnTopology::WriteCsv(std::ostream& os) const
{
    const auto precision = os.precision(std::numeric_limits<double>::max_digits10);
    os << "id,x,y\n";
    for (uint32_t i = 0; i < GetN(); ++i)
    {
        os << i << ',' << m_positions[i].x << ',' << m_positions[i].y << '\n';
    }
    os.precision(precision);
}

} // namespace ns3
