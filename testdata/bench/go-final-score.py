# go-final-score.py DIR... -- for every game-*.zsg that zoggo run --save wrote in DIR
# (9x9 Go, games/go.zrf, zoggo Black in the odd games, as zoggo run alternates), replay
# the moves in GNU Go under the rules of games/go.zrf and compare the rules' result
# (area of the final board: stones plus empty regions bordered by one colour alone,
# komi 7.5, as the file's goals count it) with GNU Go's final_score, which takes out
# the stones it judges dead. Prints one line a game and the totals.
import sys,glob,re,subprocess
def moves_of(path):
    mv=[]
    for line in open(path):
        m=re.match(r'\d+\. (Black|White) Stone (\w+)',line)
        if m: mv.append(m.group(2))
        elif re.match(r'\d+\. Pass',line): mv.append('pass')
    return mv
def gnugo(path):
    p=subprocess.Popen(['/usr/games/gnugo','--mode','gtp','--chinese-rules','--positional-superko','--forbid-suicide','--komi','7.5','--level','10'],stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True)
    cmds=['boardsize 9','clear_board']; col='black'
    for mv in moves_of(path):
        cmds.append('play %s %s'%(col,mv)); col='white' if col=='black' else 'black'
    cmds+=['showboard','final_score','quit']
    out,_=p.communicate('\n'.join(cmds)+'\n')
    blocks=[b for b in out.split('\n\n') if b.strip()]
    assert not any(b.startswith('?') for b in blocks), path
    return blocks[-3], blocks[-2].strip('= ').strip()
def tt(board):
    rows=[l for l in board.split('\n') if re.match(r'^ ?\d [.XO+ ]',l)][-9:]
    g=[r.split()[1:10] for r in rows]
    b=w=0; seen=set()
    for i in range(9):
        for j in range(9):
            c=g[i][j]
            if c=='X': b+=1
            elif c=='O': w+=1
            elif (i,j) not in seen:
                st=[(i,j)]; reg={(i,j)}; border=set()
                while st:
                    a,c2=st.pop()
                    for x,y in ((a+1,c2),(a-1,c2),(a,c2+1),(a,c2-1)):
                        if 0<=x<9 and 0<=y<9:
                            v=g[x][y]
                            if v in '.+' and (x,y) not in reg: reg.add((x,y)); st.append((x,y))
                            elif v in 'XO': border.add(v)
                seen|=reg
                if border=={'X'}: b+=len(reg)
                elif border=={'O'}: w+=len(reg)
    return b-w-7.5
tot=agree=zw=0
for d in sys.argv[1:]:
    for i,f in enumerate(sorted(glob.glob(d+'/game-*.zsg'))):
        board,gs=gnugo(f)
        diff=tt(board)
        gsv=float(gs.split('+')[1]) if '+' in gs else 0
        gsv = gsv if gs.startswith('B+') else -gsv
        ok=(diff>0)==(gsv>0); tot+=1; agree+=ok
        zwin=(diff>0)==(i%2==0)
        zw+=zwin
        print(f, 'rules %+.1f'%diff, 'gnugo', gs, 'agree' if ok else 'DISAGREE', 'zoggo', 'won' if zwin else 'lost')
print('games',tot,'agree',agree,'zoggo wins',zw)
