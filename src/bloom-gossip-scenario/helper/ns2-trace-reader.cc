/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns2-trace-reader.h"

#include "scenario-limits.h"

#include "ns3/input-file.h"
#include "ns3/user-text.h"
#include "ns3/wsn-topology.h"

#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <map>
#include <regex>
#include <sstream>
#include <utility>

namespace ns3
{

namespace
{
/// Whether `s` is a plain decimal number (sign, digits, point, exponent):
/// what ns-3's parser and ours read alike (no nan, inf, hex or blanks).
bool
IsDecimal(const std::string& s)
{
    static const std::regex kDecimal(R"([+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)");
    return std::regex_match(s, kDecimal);
}

/// The reader of one line of a trace: its words, checked, as a command.
class LineReader
{
  public:
    /// \param where the file, quoted \param line the line number
    LineReader(const std::string& where, uint64_t line)
        : m_where(where),
          m_line(line)
    {
    }

    /// Refuse the line. \param problem what is wrong
    [[noreturn]] void Fail(const std::string& problem) const
    {
        ThrowOptionError("--ns2-trace", fmt::format("{} line {}: {}", m_where, m_line, problem));
    }

    /// The words of a line of plain ASCII text, comment and trailing ';' cut.
    /// \param raw the line \return its words
    std::vector<std::string> Words(const std::string& raw) const
    {
        for (size_t i = 0; i < raw.size(); ++i)
        {
            const auto b = static_cast<unsigned char>(raw[i]);
            if ((b < 0x20 && b != '\t') || b >= 0x7f)
            {
                Fail(fmt::format("byte 0x{:02X} at column {} ({}); a trace is plain ASCII text{}",
                                 b,
                                 i + 1,
                                 b == 0      ? "a NUL"
                                 : b == '\r' ? "a carriage return"
                                             : "not text",
                                 b == '\r' ? " with Unix line ends" : ""));
            }
        }
        std::string line = raw.substr(0, raw.find('#'));
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == ';'))
        {
            line.pop_back();
        }
        std::istringstream words(line);
        std::vector<std::string> w;
        for (std::string word; words >> word;)
        {
            w.push_back(word);
        }
        // GOD lines (ns-2's shortest-path hints): ns-3 skips them, as it
        // skips every line without a parenthesis.
        const bool god =
            !w.empty() && (w[0] == "$god_" || (w.size() >= 4 && w[0] == "$ns_" && w[1] == "at" &&
                                               w[3].rfind("\"$god_", 0) == 0));
        if (god && line.find('(') == std::string::npos)
        {
            w.clear();
        }
        return w;
    }

    /// \param word a number \param what its name \return its value
    double Number(const std::string& word, const char* what) const
    {
        if (!IsDecimal(word))
        {
            Fail(fmt::format("{} {} is not a decimal number", what, bloom::QuoteForMessage(word)));
        }
        return std::strtod(word.c_str(), nullptr);
    }

    /// \param word a coordinate \param what its name \return its value (m)
    double Coordinate(const std::string& word, const char* what) const
    {
        const double v = Number(word, what);
        if (!(std::fabs(v) <= kMaxWsnCoordinate))
        {
            Fail(fmt::format("{} {} m is outside [-1e12, 1e12] m", what, word));
        }
        return v;
    }

    /// \param word "$node_(N)" \return N
    uint64_t Node(const std::string& word) const
    {
        static const std::regex kNode(R"(\$node_\(([0-9]+)\))");
        std::smatch m;
        if (!std::regex_match(word, m, kNode))
        {
            Fail(fmt::format("{} is not $node_(N) with N a node number",
                             bloom::QuoteForMessage(word)));
        }
        if (m[1].length() > 9)
        {
            Fail(fmt::format("node number {} is beyond any network (at most {} nodes)",
                             bloom::QuoteForMessage(m[1].str()),
                             kMaxScenarioNodes));
        }
        return std::stoull(m[1].str());
    }

    /// \param word X_, Y_ or Z_ \return its letter
    char Coord(const std::string& word) const
    {
        if (word != "X_" && word != "Y_" && word != "Z_")
        {
            Fail(fmt::format("{} is not X_, Y_ or Z_", bloom::QuoteForMessage(word)));
        }
        return word[0];
    }

    /// \param w the words of a line, not empty \return its command
    Ns2Command Command(std::vector<std::string> w) const
    {
        Ns2Command c;
        c.line = m_line;
        if (w[0] != "$ns_")
        {
            if (w.size() != 4 || w[1] != "set")
            {
                Fail("not an ns-2 movement command: $node_(N) set X_|Y_|Z_ V, or $ns_ at T "
                     "\"$node_(N) set X_|Y_|Z_ V\" or \"$node_(N) setdest X Y SPEED\"");
            }
            c.node = Node(w[0]);
            c.coord = Coord(w[2]);
            c.value = Coordinate(w[3], w[2].c_str());
            return c;
        }
        // $ns_ at T "$node_(N) ...": the closing quote ends the last word or
        // stands alone.
        if (w.size() >= 2 && w.back() == "\"")
        {
            w.pop_back();
        }
        else if (!w.empty() && w.back().size() > 1 && w.back().back() == '"')
        {
            w.back().pop_back();
        }
        else
        {
            Fail("a $ns_ command must end with a closing '\"'");
        }
        const bool set = w.size() == 7 && w[4] == "set";
        const bool setdest = w.size() == 8 && w[4] == "setdest";
        if ((!set && !setdest) || w[1] != "at" || w[3].empty() || w[3][0] != '"')
        {
            Fail("not an ns-2 movement command: $ns_ at T \"$node_(N) set X_|Y_|Z_ V\" or "
                 "$ns_ at T \"$node_(N) setdest X Y SPEED\"");
        }
        c.scheduled = true;
        c.at = Number(w[2], "time");
        if (!(c.at >= 0 && c.at <= kMaxScenarioTime))
        {
            Fail(fmt::format("time {} s is outside [0, {:g}] s", w[2], kMaxScenarioTime));
        }
        c.node = Node(w[3].substr(1));
        c.setdest = setdest;
        if (set)
        {
            c.coord = Coord(w[5]);
            c.value = Coordinate(w[6], w[5].c_str());
            return c;
        }
        c.x = Coordinate(w[5], "x");
        c.y = Coordinate(w[6], "y");
        c.speed = Number(w[7], "speed");
        if (!(c.speed >= 0 && c.speed <= kMaxScenarioSpeed))
        {
            Fail(fmt::format("speed {} m/s is outside [0, {:g}] m/s (0 stops the node)",
                             w[7],
                             kMaxScenarioSpeed));
        }
        return c;
    }

  private:
    const std::string& m_where; ///< the file, quoted
    uint64_t m_line;            ///< the line number
};

} // namespace

std::vector<Ns2Command>
ReadNs2Trace(const std::string& path)
{
    std::string text;
    try
    {
        text = ReadInputFile(path);
    }
    catch (const std::exception& e)
    {
        ThrowOptionError("--ns2-trace", e.what());
    }
    const std::string where = bloom::QuoteForMessage(path);
    std::vector<Ns2Command> commands;
    std::map<uint64_t, std::pair<double, uint64_t>> last; // node: (time, line) of its last command
    std::istringstream in(text);
    std::string raw;
    uint64_t lineNo = 0;
    while (std::getline(in, raw))
    {
        const LineReader reader(where, ++lineNo);
        const std::vector<std::string> w = reader.Words(raw);
        if (w.empty())
        {
            continue;
        }
        const Ns2Command c = reader.Command(w);
        if (c.scheduled)
        {
            const auto before = last.find(c.node);
            if (before != last.end() && c.at < before->second.first)
            {
                reader.Fail(fmt::format("$node_({}) at {} s is listed after its command at {} s "
                                        "(line {}); ns-3 applies a node's commands in file "
                                        "order, so list them in time order",
                                        c.node,
                                        w[2],
                                        before->second.first,
                                        before->second.second));
            }
            last[c.node] = {c.at, lineNo};
        }
        commands.push_back(c);
    }
    if (commands.empty())
    {
        ThrowOptionError("--ns2-trace",
                         where + " names no node ($node_(N) set X_ ... or $ns_ at T "
                                 "\"$node_(N) setdest X Y SPEED\")");
    }
    return commands;
}

} // namespace ns3
