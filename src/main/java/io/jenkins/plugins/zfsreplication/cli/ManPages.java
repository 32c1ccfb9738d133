package io.jenkins.plugins.zfsreplication.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Man pages (roff, section 1) of the command line and each of its subcommands, rendered from the
 * picocli model: the package installs what --help says, and cannot drift from it. The page of
 * {@code audit verify} is {@code zfs-replication-audit-verify(1)}.
 */
final class ManPages {
    private ManPages() {
    }

    /** Each page's file name (e.g. {@code zfs-replication-plan.1}) and its text, the top command first. */
    static Map<String, String> all(CommandLine top, String version) {
        Map<String, String> pages = new java.util.LinkedHashMap<>();
        add(top, version, pages);
        return pages;
    }

    private static void add(CommandLine line, String version, Map<String, String> pages) {
        if (line.getCommandSpec().usageMessage().hidden() || line.getCommand() instanceof HelpCommand) {
            return;
        }
        pages.put(pageName(line.getCommandSpec()) + ".1", page(line, version));
        line.getSubcommands().values().forEach(sub -> add(sub, version, pages));
    }

    static String pageName(CommandSpec spec) {
        return spec.qualifiedName("-");
    }

    private static String page(CommandLine line, String version) {
        CommandSpec spec = line.getCommandSpec();
        List<String> description = List.of(spec.usageMessage().description());
        StringBuilder roff = new StringBuilder();
        roff.append(".TH ").append(pageName(spec).toUpperCase(java.util.Locale.ROOT)).append(" 1 \"\" \"zfs-replication ")
                .append(escape(version)).append("\" \"zfs-replication manual\"\n");
        roff.append(".SH NAME\n").append(pageName(spec)).append(" \\- ")
                .append(escape(description.isEmpty() ? "" : firstSentence(description.get(0)))).append('\n');
        roff.append(".SH SYNOPSIS\n.nf\n").append(escape(line.getHelp().synopsis(0).strip())).append("\n.fi\n");
        roff.append(".SH DESCRIPTION\n");
        description.forEach(paragraph -> roff.append(escape(paragraph)).append("\n.PP\n"));
        if (!spec.positionalParameters().isEmpty() || !spec.options().isEmpty()) {
            roff.append(".SH OPTIONS\n");
        }
        for (PositionalParamSpec parameter : spec.positionalParameters()) {
            roff.append(".TP\n\\fI").append(escape(parameter.paramLabel())).append("\\fR\n")
                    .append(escape(String.join(" ", parameter.description()))).append('\n');
        }
        for (OptionSpec option : spec.options()) {
            roff.append(".TP\n").append(optionNames(option)).append('\n')
                    .append(escape(String.join(" ", option.description()))).append('\n');
        }
        if (line.getCommand() instanceof NightCommand) {
            roff.append(configuration());
        }
        if (!line.getSubcommands().isEmpty()) {
            roff.append(".SH COMMANDS\n");
            line.getSubcommands().forEach((name, sub) -> roff.append(".TP\n\\fB").append(escape(name)).append("\\fR\n")
                    .append(escape(String.join(" ", sub.getCommandSpec().usageMessage().description()))).append('\n'));
        }
        roff.append(".SH SEE ALSO\n").append(seeAlso(spec)).append('\n');
        return roff.toString();
    }

    /** The night's page lists every key of its config file, where it goes, and its default. */
    private static String configuration() {
        StringBuilder roff = new StringBuilder(".SH CONFIGURATION\n").append(escape("KEY = VALUE lines, # starts a"
                + " comment; a key is the option it stands for without its dashes, given to the stages named. An"
                + " example: /usr/share/doc/zfs-replication/examples/night.conf.")).append('\n');
        new java.util.TreeMap<>(NightConfig.KEYS).forEach((name, key) -> roff.append(".TP\n\\fB").append(escape(name))
                .append("\\fR\n").append(escape(NightConfig.describe(key))).append('\n'));
        return roff.toString();
    }

    private static String optionNames(OptionSpec option) {
        List<String> names = new ArrayList<>();
        for (String name : option.names()) {
            names.add("\\fB" + escape(name) + "\\fR");
        }
        String label = option.typeInfo().isBoolean() && option.arity().max() == 0 ? ""
                : " \\fI" + escape(option.paramLabel()) + "\\fR";
        return String.join(", ", names) + label;
    }

    private static String seeAlso(CommandSpec spec) {
        if (spec.parent() == null) {
            return "zfs-replication-night(1), zfs-replication-plan(1), zfs-replication-verify(1), zfs-allow(8)";
        }
        return "zfs-replication(1)";
    }

    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text.replaceAll("\\.$", "") : text.substring(0, end);
    }

    /** roff: a backslash is \e, hyphens in names are \-, a line may not start with . or '. */
    static String escape(String text) {
        String escaped = text.replace("\\", "\\e").replace("-", "\\-");
        StringBuilder lines = new StringBuilder();
        for (String line : escaped.split("\n", -1)) {
            if (lines.length() > 0) {
                lines.append('\n');
            }
            lines.append(line.startsWith(".") || line.startsWith("'") ? "\\&" + line : line);
        }
        return lines.toString();
    }
}
