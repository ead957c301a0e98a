"""Scripts written without spaces (Chinese, Japanese, Korean, Thai): words, text density, full stops.

`split` sees a Chinese paragraph as one word; counted that way a story read as a list of one-word
labels, no hint was outweighed by it, and two-character city links weighed as two words each
(newspaper4k's regression pages, `bench/other_sets.py`)."""

from __future__ import annotations

from extraction.maintext import main_text
from extraction.text.blocks import count_words
from extraction.text.features import PROSE_BLOCK_MIN_DENSITY, sentence_ends, text_density
from tests.extraction.text.helpers import page

PARAGRAPHS = (
    "这座城市的新图书馆今年春天正式开放，每天接待数千名读者。馆方表示，未来还将增加儿童阅览区和夜间自习室，"
    "让更多市民在下班以后也能安静地读书学习。",
    "图书馆的设计团队在建筑内部保留了大量自然光，阅览室的窗户朝向河边的公园。设计师说，他们希望读者在这里"
    "感到放松，而不是像在办公室里一样紧张忙碌。",
    "开放三个月以来，借阅量比旧馆同期增长了一倍多。工作人员发现，周末前来的家庭明显增多，许多父母带着孩子"
    "参加每周举办的故事会和手工课程。",
    "市政府表示，明年还将在城市东部和南部各建一座分馆，并把现有的社区阅览点连接成一个统一的借还网络，"
    "方便居民就近借书和还书。",
    "不少读者在留言簿上写下了自己的感受。一位退休教师说，她几乎每天上午都来这里看报纸，遇到不懂的问题还可以"
    "向馆员请教，比以前方便多了。",
    "为了吸引年轻人，图书馆还开设了数字阅读区，提供电子书和有声书的免费借阅服务。读者只需用手机扫描借书证"
    "上的二维码，就能在家里下载喜欢的书籍。",
    "馆长介绍说，图书馆下一步计划与附近的学校合作，组织学生参观和志愿服务活动，让孩子们从小养成爱读书、"
    "会读书的好习惯。",
    "专家认为，城市公共文化设施的完善，不仅能提高居民的生活质量，也能增强城市的吸引力，为经济和社会的发展"
    "提供长久的动力。",
)
NOTICE = ("本网登载的内容（包括文字、图片、多媒体资讯等）版权属本网所有，未经书面授权，任何网站或单位不得转载、"
          "摘编或以其他方式使用，违者必究。如需使用，请与本网联系；凡注明来源为其他媒体的作品，均转载自其他媒体，"
          "目的在于传播更多信息，并不代表本网赞同其观点或对其真实性负责。")
"""A site's copyright notice, in its footer as Chinese news sites print it."""
CITIES = ("北京", "天津", "河北", "山西", "辽宁", "吉林", "上海", "江苏", "浙江", "福建", "山东", "河南",
          "湖北", "湖南", "广东", "广西", "海南", "重庆", "四川", "云南", "贵州", "西藏", "陕西", "新疆")


def test_a_two_character_label_is_one_word_and_a_paragraph_counts_its_characters():
    assert count_words("北京") == 1
    assert count_words("北京 天津") == 2
    assert count_words(PARAGRAPHS[0]) == -(-len(PARAGRAPHS[0].replace("，", "").replace("。", "")) // 2)


def test_a_chinese_paragraph_is_as_dense_as_running_prose_and_a_label_is_not():
    assert text_density(PARAGRAPHS[1]) >= PROSE_BLOCK_MIN_DENSITY
    assert text_density("最热新闻") < PROSE_BLOCK_MIN_DENSITY


def test_full_stops_of_other_scripts_end_sentences():
    assert sentence_ends("第一句。第二句！第三句？") == 3
    assert sentence_ends("यह पहला वाक्य है। यह दूसरा है।") == 2
    assert sentence_ends("هل هذا سؤال؟ نعم.") == 2


def test_a_chinese_story_overrules_a_boilerplate_class_on_its_wrapper():
    """The prose that outweighs a wrapper's hint (features.py `HINT_OVERRULE_PROSE_WORDS`) is
    found in Chinese too: with a paragraph read as one word of one-word lines, none was."""
    menu = "".join(f"<li><a href='/c{i}'>{name}</a></li>" for i, name in enumerate(CITIES[:10]))
    doc = page(f"<nav><ul>{menu}</ul></nav><div class='newsletter-post'><h1>新图书馆开放三个月</h1>"
               f"{''.join(f'<p>{p}</p>' for p in PARAGRAPHS)}</div><footer><p>{NOTICE}</p></footer>")
    body = main_text(doc).body
    assert all(p in body for p in PARAGRAPHS)
    assert "北京" not in body and NOTICE not in body
