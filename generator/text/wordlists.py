"""The word lists that stand in for a part-of-speech tagger in keyphrases.py: what ends a phrase, what cannot lead or
head one, and the plurals the suffix rules get wrong."""

from __future__ import annotations


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Function words and the boilerplate of abstracts. They end a phrase: a
# keyphrase never starts, ends or runs through one of them.
STOP = words(
    """
    a about above across after again against all almost along already also although always am among an and another any
    are around as at be became because become becomes been before being below besides between beyond both but by can
    cannot could did do does doing done down due during each either else enough especially et etc even ever every
    except few for from further had has have having he hence her here hers him his how however i ie eg if in into is it
    its itself just least less like many may me might more moreover most mostly much must my namely neither never
    nevertheless no nor not now of off often on once only onto or other others otherwise our ours out over own per
    perhaps rather same several she should since so some such than that the their them themselves then there thereby
    therefore these they this those though through throughout thus to too toward towards under unless until up upon us
    very via vs versus was we were what whatever when where whereas whether which while who whom whose why will with
    within without would yet you your one two three four five six ten first second third multiple single able well
    al
    propose proposes proposed proposing present presents presented introduce introduces introduced introducing show
    shows showed shown showing demonstrate demonstrates demonstrated demonstrating achieve achieves achieved achieving
    outperform outperforms outperformed outperforming enable enables enabled enabling improve improves improved
    improving leverage leverages leveraged leveraging use uses used using utilize utilizes utilized utilizing yield
    yields yielded provide provides provided providing require requires required requiring remain remains remained
    consider considers considered develop develops developed design designs designed evaluate evaluates evaluated
    investigate investigates investigated explore explores explored exploring analyze analyzes analyzed address
    addresses addressed tackle tackles obtain obtains obtained make makes made making given take takes taken help helps
    allow allows allowed allowing lead leads led suffer suffers suffering rely relies relying focus focuses focused
    aim aims aiming seek seeks result resulting resulted find finds found observe observes observed reveal reveals
    revealed highlight highlights establish establishes established offer offers offering operate operates perform
    performs performed include includes including involve involves across based achieving called termed dubbed named
    known referred remaining existing exist exists recent recently prior previous previously current currently various
    different numerous key important importantly crucial critical critically challenging effective effectively
    efficiently extensive extensively comprehensive comprehensively promising superior significant significantly
    substantial substantially remarkable remarkably strong strongly competitive consistently consistent highly widely
    largely typically generally respectively specifically particular particularly notably finally furthermore
    additionally overall simple simply novel new often still usually mainly primarily fully directly increasingly
    successfully readily easily thereby whereby therein paper papers work works study studies approach approaches
    state-of-the-art sota art experiment experiments experimental empirical empirically extensive results show
    demonstrating leading better best good great high higher lower low large-scale wide broad specific certain
    general fundamental potential possible without needed need needs lack lacks lacking way ways thing things
    clear fair accurate reliable modern comparable precise limited powerful flexible scalable rich unified principled
    lightweight essential inherent prevalent desirable remarkable unprecedented represents goes receives
    github com org io www http https html despite alone similar corresponding respective dramatic
    """
)

# Verbs: the words that follow "we" and "to" but rarely "the" or "of" in ICLR
# abstracts, and the "-ing" forms that follow "by" or "while". A phrase runs
# through none of them ("generates multi-scale", "leveraging generative").
VERBS = words(
    """
    accelerate accelerates accumulate achieve achieves acquire activate adapt adapts add address addresses adds adhere
    adjust admit admits adopt advocate aggregate aim align aligns alleviate allocate allocates allow allows alter
    amplifies amplify analyze analyzed analyzes appear applies approximates argue arise arrive ask assess assesses
    assign assigns assist augment augments automate avoid avoids balances begin begins believe break breaks bridge
    bridges brings build builds bypass call capture captures carry cast characterize characterizes choose clarify
    classify collaborate collect combine combines compare complement compress compresses compromise compromises computes
    conduct conducts connect connects consider considers consists constrain constrains construct constructs contribute
    converge convert converts corrects correlate corroborate couples covers create curate decide decode decompose
    decomposes decouple decouples define defines degrade deliver delivers deploy derive derives describe detect detects
    determine develop develops deviate devise differ differentiate discard discover discuss disentangle disentangles
    distill distills distinguish distort diverge draw elicit eliminate eliminates embed embeds emphasize emphasizes
    employ employs enable enables encode encodes encompasses encourage encourages enforce enforces engage enhance
    enhances enrich enriching ensure ensures equips establish evade evaluate evaluates examine excels execute executes
    exhibits expand expands explain explains exploit exploits explore expose extend extends extract extracts facilitate
    facilitates fails find fine-tune fine-tunes follow formalize formalizes formulate formulates foster fuse fuses
    generalize generalizes generate generates get give go grow guides handle harness help helps hinder hinders hope
    hypothesize identifies identify ignore ignores illustrate implement implements impose imposes improve include
    includes incorporate incorporates induce infer infers inform inject injects instantiate integrate integrates
    interact internalize interpret introduce investigate involves isolate keep know lacks lead learn learns leave
    leverage leverages localize look maintain maintains make manage manipulate maximize maximizes meet memorize merge
    mimic minimize minimizes mitigate mitigates modify modulate motivate move navigate observe obtain obtains occur
    opens operate operates optimize optimizes organizes overcome overcomes overfit penalizes perceive perform performs
    predict predicts present preserve preserves pretrain prevent prevents prioritize prioritizes processed produce
    produces promote promotes propagate propagates propose protect prove provide prune prunes quantifies quantify raise
    realize recognize reconcile reconstruct reconstructs recover reduce refer refine refines reflect reformulate
    reformulates reframes regularizes reinforce remedy remove removes replace replaces replicate represent reproduce
    require resolve resolves respond restore restores restrict restricts retain retains retrieve retrieves reuses
    revisit satisfies satisfy see seek select selects separates serve serves show showcase simulate simulates solve
    solves specify stabilize stabilizes steer steers stop strengthen strengthens succeed suppress suppresses surpass
    synthesize synthesizes tackle tackles take takes think train trains transform transforms translate translates treat
    treats uncover undermine undermines understand unifies unify unlock unlocks uses utilize utilizes validate validates
    verifies verify violate yield
    absorb abstain accelerating accepts accessing accommodate accommodates accomplish accounting accumulates
    accumulating achieving acquiring acting adapting adding addressing adhering adjusting adopting advancing affecting
    aggregating aligning alleviating allocating allowing altering alternates amenable amplifying analyse analyzing
    annotate annotating anticipate appearing applying approximating articulate asking asks assemble assessing assigning
    associate assuming attacking attain attaining attempting attend attends attributing augmenting automates avoiding
    balancing being belong bolster breaking bridging bring bringing broaden broadens bypasses bypassing calculate
    calculates calculating calibrate calibrates calibrating capturing carries casting catalyze categorizes causing
    certify checking circumvent circumvents closes coexist collapsing collecting collects combat combining commit
    communicate comparing compensate compensates compete competes complementing completing complicates compose composes
    composing comprehend compressing comprising compromising concatenates concentrate conclude conducting confirming
    conform conquer considering consist consisting consolidate consolidates constraining constructing consume consuming
    containing contend contradicts contrasting contributing controlling converging converting convey cooperate cope
    correcting corrupt counteract creating cultivate curates cutting dealing debug decides deciding decodes decomposing
    decreases decreasing deepen defend defending defer defining degrading delineate delivering denote departs depending
    deriving designing deviates diagnose diagnoses differing directs disambiguate discarding discern discourages
    discouraging disentangling disregarding disrupt disrupting distilling distinguishes distinguishing distributes
    distributing divides doing draws elevates elicits eliminating elucidate elucidates emphasizing employing empower
    empowers emulate emulates enabling encapsulate encompass encountering encouraging endow enforcing enhancing enjoy
    enriches enriching ensuring equals equip equipping erase erasing escape establishing estimates estimating evading
    exacerbate examining exceeding exclude excludes exert exhibiting expect exploiting exploring exposing extending
    extracting extrapolate facilitating facing fail failing favoring featuring finding finds finetune fixing focusing
    following form formalizing forms formulating fosters freeze freezing fulfill fusing generalise generalizing
    generating giving govern governs grows guaranteeing guide guides guiding hallucinate harming harmonize harnesses
    harnessing having hide highlighting hindering hurt identifying ignoring illuminate imitate imitating impair impede
    impedes implementing imposing improving incentivize incentivizes incorporating increases increasing incurring
    indicating inducing inferring inflate informs inherits initialize initializing initiate injecting insert inserting
    inserts inspect inspire inspires instantiates instill instructs integrating interacting interacts interfere
    interleave internalizes interpolate interpolates interpreting intervene intervenes introducing inverting
    investigating invoke invoking involving isolates isolating justify keeping keeps lacks lays leaving letting
    leveraging lifting linking localizes locate looking losing lowering lowers maintaining manipulates manipulating
    maximizing measuring meeting memorizing merges mimicking mimics minimizing misalign mislead mitigating modifies
    modifying modulating moving narrowing navigating necessitate needing neglecting neglects normalize normalizes
    obscure obscures occupy offering operating operationalize operationalizes optimizing orchestrates orchestrating
    organize organizing outline outperforming overcoming overlooking parameterize parameterizing paraphrase parse pave
    paves penalize penalizes penalizing performing perturb perturbing perturbs pinpoint pinpointing pioneer placing
    plague play playing plays posit pre-train precludes predicting presenting preserving pretrains preventing
    prioritizing proceed proceeds producing promoting propagating proposing protecting providing proving pursue pushes
    pushing quantifying reaching realizes realizing recasts receiving recognizes recommend reconstructing recording
    recovering rectify redefine redefines reducing referring refining reformulating reframe reframing refuse regularize
    regularizing regulate regulates regulating reinforces reinforcing reinterpret reject relate relax relaxes relaxing
    releasing relying remains removing repairs repeat replacing replicating representing repurposes requiring resist
    restoring restricting retaining rethink retrieving reusing revealing reversing revise revisiting reweights
    sacrificing safeguarding satisfying say seeing seem selecting separating sharing sharpen sharpens shifting shortens
    showcases showing shrink simplifies simplify simulating skipping slows spanning specialize specifies specifying
    splitting stay stealing stores streamline strengthening substantiate subsumes suffering suggesting summarize
    summarizes supervise supervises supervising supplement supplies supporting suppressing surpassing survive sustain
    sustaining switches tackling tailor tailoring taking teach teaches teaching terminate threaten tolerate trading
    transcend transferring transforming translating traverse treating tune turning uncovering underlie underpins
    underscoring unlearn utilizing violating visualize want weaken weakens write yielding
    """
)
# A verb and a word that introduces a name, which end a shown phrase ("AI possess", "coined softmax").
# The terms keep them: on the 9,842 papers these two words alone moved NMI at k = 21 from 0.330 to 0.327.
# Then the verbs and adverbs that ended shown phrases of the 22,235 papers of ../shared/data ("method lies",
# "dataset contains", "model tend", "data instead"), and ECCV 2022's "method won" and "method ranks": each is
# a verb (or adverb) after "it", "which" or "that" at least twice as often as a noun after "the" or "of". Their
# third person in -s follows from the stem ("tends"); "lies", "ranks", "stands", "stems" and "matters" stand alone,
# since "Lie group", "rank", "stem" and "matter" are nouns.
SHOWN_STOP = words(
    """
    possess coined
    won lies ranks stands stems matters varies implies contain comprise depend come emerge vary suggest tend
    struggle indicate correspond exhibit incur evolve behave suffice continue persist dominate assume entail
    according instead together regardless away
    """
)
# Words that open a noun phrase: what follows a verb, rarely a noun.
DETERMINERS = words("a an the this these those their its our each every")
# Nouns that end like adverbs; every other "-ly" word ends a phrase.
NOT_ADVERBS = words("anomaly assembly family supply reply monopoly butterfly italy")

# Words too vague to be a keyphrase alone ("model", "data"), though they may
# be part of one ("diffusion model"). A phrase made only of them is dropped.
GENERIC = words(
    """
    model method framework learning data task problem performance network algorithm technique system setting analysis
    training baseline benchmark dataset evaluation ability capability strategy mechanism architecture application
    process quality improvement efficiency accuracy domain information structure scale cost range set number level type
    case field area issue challenge limitation gap advantage effectiveness state end tool paradigm scenario solution
    insight step stage time space input output feature representation function deep neural machine large small
    real-world fine-grained efficient robust task-specific theoretical practical module component pipeline objective loss
    goal property behavior behaviour aspect factor term value variable sample example instance signal effect impact role
    metric score rate degree order class category kind part unit size length depth width amount variety source target
    manner context condition version technique experiment inference test evaluation computation benefit reduction advance
    """
)

# Endings of participles and adjectives, which cannot end a phrase, and the
# nouns among them.
NOT_HEADS = ("ed", "ous", "able", "ible", "ful")
HEADS = words("bed embed feed need seed speed variable table")

# Plurals the suffix rules get wrong.
IRREGULAR = {
    "analyses": "analysis",
    "axes": "axis",
    "biases": "bias",
    "caches": "cache",
    "criteria": "criterion",
    "indices": "index",
    "matrices": "matrix",
    "movies": "movie",
    "phenomena": "phenomenon",
    "vertices": "vertex",
}
NOT_PLURAL = ("ss", "us", "is", "ics", "as", "means", "series", "species", "news", "lens")
