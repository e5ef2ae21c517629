"""The feeds a refresh runs, in order. `credentials`: environment variables a feed needs live (the
workflow's repository secrets have the same names); without them it is skipped with one line. The order
matters once: aws-capacity-blocks asks what aws-ec2 listed earlier in the same run (refresh.run_feed
keeps each output in ctx["outputs"]), else what the last accepted aws-ec2 rows listed."""

from feeds import alibaba, aws_capacity_blocks, aws_pricelist, aws_spot, azure_retail, tencent

FEEDS = {
    "aws-ec2": (lambda tr, ctx: aws_pricelist.run_ec2(tr, ctx), ()),
    "aws-ec2-cn": (lambda tr, ctx: aws_pricelist.run_ec2(tr, ctx, china=True), ()),
    "aws-savings-plans": (aws_pricelist.run_savings_plans, ()),
    "aws-spot": (aws_spot.run, ()),
    "aws-spot-history": (aws_spot.run_history, aws_spot.CREDENTIALS),
    "aws-capacity-blocks": (aws_capacity_blocks.run, aws_capacity_blocks.CREDENTIALS),
    "azure-retail": (azure_retail.run, ()),
    "alibaba-public": (alibaba.run_public, ()),
    "alibaba-sdk": (alibaba.run_sdk, alibaba.CREDENTIALS),
    "tencent-sdk": (tencent.run, tencent.CREDENTIALS),
}
PROVIDER = {"aws-ec2": "aws", "aws-ec2-cn": "aws", "aws-savings-plans": "aws", "aws-spot": "aws",
            "aws-spot-history": "aws", "aws-capacity-blocks": "aws", "azure-retail": "azure", "alibaba-public": "alibaba",
            "alibaba-sdk": "alibaba", "tencent-sdk": "tencent"}
# Where two feeds price the same offer and billing model, the lower rank wins (the per-AZ history over
# the spot page's one figure; the API over the public file).
RANK = {"aws-spot-history": 0, "alibaba-sdk": 0}
